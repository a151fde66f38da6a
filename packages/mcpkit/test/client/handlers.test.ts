// Elicitation (form defaults, URL mode), sampling with tools, and roots, in
// both eras: capabilities come from the handlers, and the server sees answers
// with the form's defaults filled in (SEP-1034).
import { afterEach, describe, expect, it } from 'vitest';
import { McpClient } from '../../src/client/client.js';
import type { ClientHandlers } from '../../src/client/options.js';
import type { CreateMessageParams, ElicitParams } from '../../src/protocol/types/index.js';
import { McpServer } from '../../src/server/server.js';
import { expectLocalError, expectRpcError } from '../helpers.js';
import { complete, discoverResult, fakeServer, link } from './harness.js';

const FORM = {
  type: 'object',
  properties: {
    name: { type: 'string', default: 'Guest' },
    age: { type: 'integer', default: 30 },
    subscribe: { type: 'boolean', default: true },
    color: { type: 'string', enum: ['Red', 'Blue'], default: 'Red' },
    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, default: ['a'] },
    note: { type: 'string' },
  },
} as const;

function server(): McpServer {
  const s = new McpServer({ name: 'handlers', version: '1' });
  s.tool({ name: 'form' }, async (_a, ctx) => JSON.stringify(await ctx.elicit({ message: 'Profile', requestedSchema: FORM })));
  s.tool({ name: 'url' }, async (_a, ctx) =>
    JSON.stringify(await ctx.elicit({ mode: 'url', message: 'Sign in', url: 'https://example.com/login' })),
  );
  s.tool({ name: 'agent' }, async (_a, ctx) => {
    const r = await ctx.sample({
      messages: [{ role: 'user', content: { type: 'text', text: 'Weather?' } }],
      maxTokens: 50,
      tools: [{ name: 'weather', inputSchema: { type: 'object' } }],
      toolChoice: { mode: 'auto' },
    });
    return JSON.stringify(r);
  });
  s.tool({ name: 'hostile-url' }, async (_a, ctx) =>
    JSON.stringify(await ctx.elicit({ mode: 'url', message: 'Click', url: 'javascript:alert(document.cookie)' })),
  );
  s.tool({ name: 'roots' }, async (_a, ctx) => JSON.stringify((await ctx.listRoots()).roots));
  return s;
}

const seen: { elicit: ElicitParams[]; sample: CreateMessageParams[] } = { elicit: [], sample: [] };
const handlers: ClientHandlers = {
  elicitation: {
    form: (params) => {
      seen.elicit.push(params);
      return { action: 'accept', content: { name: 'Ada', note: 'hi' } };
    },
    url: (params) => {
      seen.elicit.push(params);
      return { action: 'accept' };
    },
  },
  sampling: {
    tools: true,
    createMessage: (params) => {
      seen.sample.push(params);
      return {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'u1', name: 'weather', input: { city: 'Paris' } }],
        model: 'm',
        stopReason: 'toolUse',
      };
    },
  },
  roots: { list: () => [{ uri: 'file:///home/ada', name: 'home' }], listChanged: true },
};

afterEach(() => {
  seen.elicit.length = 0;
  seen.sample.length = 0;
});

function text(result: { content: readonly unknown[] }): unknown {
  return JSON.parse((result.content[0] as { text: string }).text);
}

describe.each(['2025-11-25', '2026-07-28'] as const)('at %s', (era) => {
  it('declares capabilities from the handlers', async () => {
    const linked = await link(server(), { era, handlers });
    expect(linked.client.capabilities).toEqual({
      elicitation: { form: {}, url: {} },
      sampling: { tools: {} },
      roots: { listChanged: true },
      // Declared unless `tasks: false`: callTool handles task handles.
      extensions: { 'io.modelcontextprotocol/tasks': {} },
    });
  });

  it('fills in the form defaults the handler left out', async () => {
    const linked = await link(server(), { era, handlers });
    const answer = text(await linked.client.callTool({ name: 'form' }));
    expect(answer).toEqual({
      action: 'accept',
      content: { name: 'Ada', note: 'hi', age: 30, subscribe: true, color: 'Red', tags: ['a'] },
    });
  });

  it('answers URL-mode elicitation', async () => {
    const linked = await link(server(), { era, handlers });
    expect(text(await linked.client.callTool({ name: 'url' }))).toEqual({ action: 'accept' });
    expect(seen.elicit[0]).toMatchObject({ mode: 'url', url: 'https://example.com/login' });
    // 2025-11-25 URL elicitations carry an id; 2026-07-28 removed it.
    if (era === '2025-11-25') expect(seen.elicit[0]).toHaveProperty('elicitationId');
    else expect(seen.elicit[0]).not.toHaveProperty('elicitationId');
  });

  it('samples with tools', async () => {
    const linked = await link(server(), { era, handlers });
    const answer = text(await linked.client.callTool({ name: 'agent' }));
    expect(answer).toMatchObject({
      role: 'assistant',
      stopReason: 'toolUse',
      content: [{ type: 'tool_use', name: 'weather', input: { city: 'Paris' } }],
    });
    expect(seen.sample[0]?.tools?.[0]?.name).toBe('weather');
  });

  it('lists roots', async () => {
    const linked = await link(server(), { era, handlers });
    expect(text(await linked.client.callTool({ name: 'roots' }))).toEqual([{ uri: 'file:///home/ada', name: 'home' }]);
  });

  it('a URL-only client is never asked for a form (the server refuses with -32021)', async () => {
    const linked = await link(server(), { era, handlers: { elicitation: { url: () => ({ action: 'decline' }) } } });
    expect(linked.client.capabilities).toEqual({ elicitation: { url: {} }, extensions: { 'io.modelcontextprotocol/tasks': {} } });
    await expectRpcError(linked.client.callTool({ name: 'form' }), -32021);
  });

  it('never hands the application a URL-mode elicitation whose URL is not https (or loopback http)', async () => {
    const asked: string[] = [];
    const linked = await link(server(), {
      era,
      handlers: { elicitation: { url: (p) => (asked.push(p.url), { action: 'accept' }) } },
    });
    const outcome = await linked.client.callTool({ name: 'hostile-url' }).then(
      (r) => JSON.stringify(r),
      (e: unknown) => String(e),
    );
    expect(asked).toEqual([]);
    expect(outcome).toContain('was refused');
    expect(outcome).not.toContain('"action":"accept"');
  });

  it('sampling without declared tools is refused when the server asks for tools', async () => {
    const linked = await link(server(), {
      era,
      handlers: { sampling: { createMessage: () => ({ role: 'assistant', content: { type: 'text', text: 'x' }, model: 'm' }) } },
    });
    expect(linked.client.capabilities).toEqual({ sampling: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } });
    await expectRpcError(linked.client.callTool({ name: 'agent' }), -32021);
  });
});

describe('roots list changed', () => {
  it('is sent in the handshake era when declared', async () => {
    const s = server();
    const received: string[] = [];
    s.onNotification('notifications/roots/list_changed', (_params, session) => received.push(String(session.revision)));
    const linked = await link(s, { era: '2025-06-18', handlers });
    await linked.client.notifyRootsListChanged();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(received).toEqual(['2025-06-18']);
  });

  it('is a no-op in the stateless era, and when not declared', async () => {
    const fake = await fakeServer((r) => (r.method === 'server/discover' ? discoverResult() : {}));
    const client = new McpClient({ name: 'c', version: '1', handlers });
    await client.connect(fake.transport);
    await client.notifyRootsListChanged();
    const handshake = await link(server(), { era: 'handshake', handlers: { roots: { list: () => [] } } });
    await handshake.client.notifyRootsListChanged();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(fake.notifications.map((n) => n.method)).toEqual([]);
    await handshake.close();
    await client.close();
  });
});

describe('odd input requests from a stateless-era server', () => {
  async function serve(inputRequests: object, extra: ClientHandlers): Promise<McpClient> {
    const fake = await fakeServer((r) => {
      if (r.method === 'server/discover') return discoverResult({ tools: {} });
      if (r.method === 'tools/list') return complete({ tools: [] });
      return r.params['inputResponses'] === undefined
        ? { resultType: 'input_required', inputRequests }
        : complete({ content: [] });
    });
    const client = new McpClient({ name: 'c', version: '1', handlers: extra });
    await client.connect(fake.transport);
    return client;
  }

  it('refuses sampling with tools the application did not declare', async () => {
    const client = await serve(
      {
        s: {
          method: 'sampling/createMessage',
          params: { messages: [], maxTokens: 1, tools: [{ name: 't', inputSchema: { type: 'object' } }] },
        },
      },
      { sampling: { createMessage: () => ({ role: 'assistant', content: { type: 'text', text: '' }, model: 'm' }) } },
    );
    await expectLocalError(client.callTool({ name: 'x' }), 'NOT_SUPPORTED');
    await client.close();
  });

  it('refuses a form when only URL mode is handled, and malformed or unknown input requests', async () => {
    const urlOnly: ClientHandlers = { elicitation: { url: () => ({ action: 'accept' }) } };
    const form = await serve(
      { f: { method: 'elicitation/create', params: { message: 'm', requestedSchema: { type: 'object', properties: {} } } } },
      urlOnly,
    );
    await expectLocalError(form.callTool({ name: 'x' }), 'NOT_SUPPORTED');
    await form.close();
    const malformed = await serve({ f: { method: 'elicitation/create', params: { mode: 'url', message: 'm' } } }, urlOnly);
    await expectLocalError(malformed.callTool({ name: 'x' }), 'PROTOCOL_VIOLATION');
    await malformed.close();
    const unknown = await serve({ f: { method: 'tools/call', params: {} } }, urlOnly);
    await expectLocalError(unknown.callTool({ name: 'x' }), 'PROTOCOL_VIOLATION');
    await unknown.close();
  });

  it('refuses roots that are not file:// URIs', async () => {
    const client = await serve({ r: { method: 'roots/list' } }, { roots: { list: () => [{ uri: 'https://example.com' }] } });
    await expectLocalError(client.callTool({ name: 'x' }), 'INVALID_ARGUMENT');
    await client.close();
  });
});
