// Input requests: the same handlers answer a handshake-era server's requests and a
// stateless server's input_required rounds (2026-07-28 basic/patterns/mrtr.mdx).
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { McpClient } from '../../src/client/client.js';
import type { ClientHandlers, InputContext } from '../../src/client/options.js';
import { McpServer } from '../../src/server/server.js';
import { expectLocalError, expectRpcError } from '../helpers.js';
import { complete, discoverResult, fakeServer, link, type Received } from './harness.js';
import { McpClient as Client } from '../../src/client/client.js';

const FORM = { type: 'object', properties: { name: { type: 'string' } } } as const;

function askingServer(): McpServer {
  const server = new McpServer({ name: 'asking', version: '1' });
  server.tool({ name: 'hello' }, async (_args, ctx) => {
    const answer = await ctx.elicit({ message: 'Your name?', requestedSchema: FORM });
    return `hello ${String(answer.content?.['name'])}`;
  });
  server.tool({ name: 'everything' }, async (_args, ctx) => {
    const [who, said, roots] = await Promise.all([
      ctx.elicit({ message: 'Name?', requestedSchema: FORM }),
      ctx.sample({ messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }], maxTokens: 10 }),
      ctx.listRoots(),
    ]);
    const block = (Array.isArray(said.content) ? said.content[0] : said.content) as { type: string; text?: string };
    const text = block.type === 'text' ? String(block.text) : '';
    return `${String(who.content?.['name'])}|${text}|${roots.roots.map((r) => r.uri).join(',')}`;
  });
  server.tool({ name: 'twice' }, async (_args, ctx) => {
    const first = await ctx.elicit({ message: 'First?', requestedSchema: FORM });
    const second = await ctx.elicit({ message: 'Second?', requestedSchema: FORM });
    return `${String(first.content?.['name'])} then ${String(second.content?.['name'])}`;
  });
  server.tool({ name: 'sum', input: z.object({ a: z.number() }) }, ({ a }) => `a=${String(a)}`);
  server.resource({ uri: 'asking://secret', name: 'secret' }, async (_uri, ctx) => {
    const ok = await ctx.elicit({
      message: 'Reveal?',
      requestedSchema: { type: 'object', properties: { yes: { type: 'boolean' } } },
    });
    return ok.content?.['yes'] === true ? 'the secret' : 'nothing';
  });
  server.prompt({ name: 'personal' }, async (_args, ctx) => {
    const who = await ctx.elicit({ message: 'Name?', requestedSchema: FORM });
    return `Dear ${String(who.content?.['name'])}`;
  });
  return server;
}

const asked: { method: string; context: InputContext }[] = [];
const handlers: ClientHandlers = {
  elicitation: {
    form: (params, context) => {
      asked.push({ method: params.message, context });
      if (params.message === 'Reveal?') return { action: 'accept', content: { yes: true } };
      return { action: 'accept', content: { name: params.message === 'Second?' ? 'Bob' : 'Ada' } };
    },
  },
  sampling: { createMessage: () => ({ role: 'assistant', content: { type: 'text', text: 'hi!' }, model: 'test-model' }) },
  roots: { list: () => [{ uri: 'file:///work', name: 'work' }] },
};

afterEach(() => {
  asked.length = 0;
});

describe.each(['2025-11-25', '2026-07-28'] as const)('handlers at %s', (era) => {
  async function connect(): Promise<McpClient> {
    const linked = await link(askingServer(), { era, handlers });
    return linked.client;
  }

  it('answers one elicitation', async () => {
    const client = await connect();
    expect((await client.callTool({ name: 'hello' })).content).toEqual([{ type: 'text', text: 'hello Ada' }]);
    expect(asked[0]?.context).toMatchObject({
      era: era === '2026-07-28' ? 'stateless' : 'handshake',
      revision: era,
      serverInfo: { name: 'asking' },
    });
  });

  it('answers elicitation, sampling and roots asked together', async () => {
    const client = await connect();
    expect((await client.callTool({ name: 'everything' })).content).toEqual([{ type: 'text', text: 'Ada|hi!|file:///work' }]);
  });

  it('answers inputs asked one after another', async () => {
    const client = await connect();
    expect((await client.callTool({ name: 'twice' })).content).toEqual([{ type: 'text', text: 'Ada then Bob' }]);
    expect(asked.map((a) => a.method)).toEqual(['First?', 'Second?']);
  });

  it('completes resources/read and prompts/get that need input', async () => {
    const client = await connect();
    expect((await client.readResource({ uri: 'asking://secret' })).contents).toEqual([
      { uri: 'asking://secret', text: 'the secret' },
    ]);
    expect((await client.getPrompt({ name: 'personal' })).messages[0]?.content).toEqual({ type: 'text', text: 'Dear Ada' });
  });
});

describe('stateless rounds on the wire', () => {
  const STATE = '  opaque ✓ state\u0000with "quotes" ==  ';

  async function scripted(
    rounds: ((r: Received) => unknown)[],
    extra: ClientHandlers = handlers,
    options: object = {},
  ): Promise<{ client: Client; calls: Received[] }> {
    const calls: Received[] = [];
    let round = 0;
    // The first tools/list is the client learning output schemas before checking a tool result.
    let listed = options === NO_LISTING ? 1 : 0;
    const fake = await fakeServer((r) => {
      if (r.method === 'server/discover') return discoverResult({ tools: {} });
      if (r.method === 'tools/list' && rounds.length > 0 && r.params['cursor'] === undefined && listed++ === 0)
        return complete({ tools: [] });
      calls.push(r);
      const answer = rounds[Math.min(round++, rounds.length - 1)];
      return answer?.(r);
    });
    const client = new Client({ name: 'c', version: '1', era: 'stateless', handlers: extra, ...options });
    await client.connect(fake.transport);
    return { client, calls };
  }

  const NO_LISTING = {};
  const elicit = { method: 'elicitation/create', params: { message: 'Login?', requestedSchema: FORM } };

  it('retries with a new id, the original params, inputResponses keyed like inputRequests and requestState byte-exact', async () => {
    const { client, calls } = await scripted([
      () => ({ resultType: 'input_required', inputRequests: { github_login: elicit }, requestState: STATE }),
      () => complete({ content: [{ type: 'text', text: 'done' }] }),
    ]);
    const result = await client.callTool({ name: 'tool', arguments: { x: 1 } });
    expect(result.content).toEqual([{ type: 'text', text: 'done' }]);
    const [first, retry] = calls;
    expect(retry?.id).not.toBe(first?.id);
    expect(retry?.params).toMatchObject({
      name: 'tool',
      arguments: { x: 1 },
      requestState: STATE,
      inputResponses: { github_login: { action: 'accept', content: { name: 'Ada' } } },
    });
    expect(first?.params['requestState']).toBeUndefined();
    expect(first?.params['inputResponses']).toBeUndefined();
    await client.close();
  });

  it('omits requestState when the server sent none', async () => {
    const { client, calls } = await scripted([
      () => ({ resultType: 'input_required', inputRequests: { a: elicit } }),
      () => complete({ content: [] }),
    ]);
    await client.callTool({ name: 'tool' });
    expect(Object.hasOwn(calls[1]?.params ?? {}, 'requestState')).toBe(false);
    expect(calls[1]?.params['inputResponses']).toEqual({ a: { action: 'accept', content: { name: 'Ada' } } });
    await client.close();
  });

  it('retries at once, with only the state, when no inputRequests came', async () => {
    const { client, calls } = await scripted([
      () => ({ resultType: 'input_required', requestState: 'S1' }),
      () => complete({ content: [] }),
    ]);
    await client.callTool({ name: 'tool' });
    expect(calls[1]?.params).toMatchObject({ requestState: 'S1' });
    expect(calls[1]?.params['inputResponses']).toBeUndefined();
    expect(asked).toHaveLength(0);
    await client.close();
  });

  it('carries each round only its own answers, and never lends them to parallel requests', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: ClientHandlers = {
      elicitation: {
        form: async () => {
          await gate;
          return { action: 'accept', content: { name: 'Slow' } };
        },
      },
    };
    const { client, calls } = await scripted(
      [
        (r) =>
          r.params['requestState'] === undefined && r.params['name'] === 'a'
            ? { resultType: 'input_required', inputRequests: { k1: elicit }, requestState: 'A1' }
            : complete({ content: [] }),
      ],
      slow,
    );
    const a = client.callTool({ name: 'a' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    await client.callTool({ name: 'b' });
    release();
    await a;
    const b = calls.find((c) => c.params['name'] === 'b');
    expect(b?.params['requestState']).toBeUndefined();
    expect(b?.params['inputResponses']).toBeUndefined();
    expect(calls.filter((c) => c.params['name'] === 'a').map((c) => c.params['requestState'])).toEqual([undefined, 'A1']);
    await client.close();
  });

  it('treats a missing resultType as complete, and refuses an unknown one', async () => {
    const plain = await scripted([() => ({ content: [{ type: 'text', text: 'plain-shaped' }] })]);
    expect((await plain.client.callTool({ name: 't' })).content).toEqual([{ type: 'text', text: 'plain-shaped' }]);
    await plain.client.close();
    const odd = await scripted([() => ({ resultType: 'mystery', content: [] })]);
    await expectLocalError(odd.client.callTool({ name: 't' }), 'PROTOCOL_VIOLATION');
    await odd.client.close();
  });

  it('refuses input_required where the method does not allow it', async () => {
    const { client } = await scripted([() => ({ resultType: 'input_required', requestState: 'x' })], handlers, NO_LISTING);
    await expectLocalError(client.listTools(), 'PROTOCOL_VIOLATION');
    await client.close();
  });

  it('fails locally when the application has no handler for an input', async () => {
    const { client, calls } = await scripted(
      [
        () => ({
          resultType: 'input_required',
          inputRequests: { s: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } } },
        }),
      ],
      {},
    );
    const error = await expectLocalError(client.callTool({ name: 't' }), 'NOT_SUPPORTED');
    expect(error.message).toContain('sampling/createMessage');
    expect(calls).toHaveLength(1);
    await client.close();
  });

  it('stops after maxInputRounds', async () => {
    const { client, calls } = await scripted(
      [() => ({ resultType: 'input_required', inputRequests: { again: elicit }, requestState: 'loop' })],
      handlers,
      { maxInputRounds: 3 },
    );
    const error = await expectLocalError(client.callTool({ name: 't' }), 'PROTOCOL_VIOLATION');
    expect(error.message).toContain('3 rounds');
    expect(calls).toHaveLength(4);
    await client.close();
  });
});

describe('handshake-era server requests', () => {
  it('a server that respects capabilities refuses to ask a client without handlers (-32021)', async () => {
    const linked = await link(askingServer(), { era: '2025-11-25' });
    await expectRpcError(linked.client.callTool({ name: 'hello' }), -32021);
  });

  it('answers -32601 to a request it has no handler for, -32602 to a mode it does not support, and ping', async () => {
    const outcomes: unknown[] = [];
    const fake = await fakeServer(async (r, rpc) => {
      if (r.method === 'initialize')
        return { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'pushy', version: '1' } };
      if (r.method === 'tools/list') return { tools: [] };
      const ask = (method: string, params?: object): Promise<unknown> =>
        rpc.request(method, params as Record<string, unknown> | undefined).then(
          (v) => v,
          (e: unknown) => (e as { code: number }).code,
        );
      outcomes.push(await ask('roots/list'));
      outcomes.push(await ask('elicitation/create', { mode: 'form', message: 'x', requestedSchema: FORM }));
      outcomes.push(await ask('ping'));
      outcomes.push(await ask('tasks/list'));
      return { content: [] };
    });
    const client = new Client({
      name: 'c',
      version: '1',
      era: 'handshake',
      handlers: { elicitation: { url: () => ({ action: 'accept' }) } },
    });
    await client.connect(fake.transport);
    await client.callTool({ name: 'any' });
    expect(outcomes).toEqual([-32601, -32602, {}, -32601]);
    await client.close();
  });
});
