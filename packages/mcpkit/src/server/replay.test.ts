// Multi round-trip requests (2026-07-28), served by replay: input_required
// rounds, answers carried in the sealed requestState, and every way a
// requestState is refused.
import { describe, expect, it } from 'vitest';
import { deferred, sleep } from '../../test/helpers.js';
import { meta2026, rawPeer, type RawPeer } from '../../test/rawClient.js';
import type { CreateMessageParams, ElicitParams } from '../protocol/types/index.js';
import type { ServerContext } from './context.js';
import type { ServerOptions } from './options.js';
import { McpServer } from './server.js';

const ALL_CAPS = { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} };
const FORM: ElicitParams = { message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } };
const SAMPLE: CreateMessageParams = {
  messages: [{ role: 'user', content: { type: 'text', text: 'Capital of France?' } }],
  maxTokens: 10,
};
const ACCEPT = { action: 'accept', content: { name: 'Ada' } };
const SAMPLED = { role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'm' };
const ROOTS = { roots: [{ uri: 'file:///w' }] };

interface InputRequired {
  readonly resultType: 'input_required';
  readonly inputRequests: Record<string, { method: string; params: unknown }>;
  readonly requestState: string;
}

function newServer(options: Partial<ServerOptions> = {}): McpServer {
  return new McpServer({ name: 'replay-test', version: '1.0.0', ...options });
}

/** A server whose tool `t` runs `run` and returns its value as structured content. */
function serverRunning(
  run: (ctx: ServerContext, args: Record<string, unknown>) => Promise<unknown>,
  options: Partial<ServerOptions> = {},
): McpServer {
  const server = newServer(options);
  server.tool({ name: 't', input: { type: 'object' } }, async (args, ctx) => ({
    value: await run(ctx, args as Record<string, unknown>),
  }));
  server.tool({ name: 'other', input: { type: 'object' } }, async (_args, ctx) => ({ value: await run(ctx, {}) }));
  return server;
}

interface Round {
  readonly name?: string;
  readonly args?: Record<string, unknown>;
  readonly caps?: object;
  readonly inputResponses?: Record<string, unknown>;
  readonly requestState?: string;
}

function callTool(peer: RawPeer, round: Round = {}): Promise<unknown> {
  return peer.request('tools/call', {
    _meta: meta2026(round.caps ?? ALL_CAPS),
    name: round.name ?? 't',
    arguments: round.args ?? {},
    ...(round.inputResponses !== undefined && { inputResponses: round.inputResponses }),
    ...(round.requestState !== undefined && { requestState: round.requestState }),
  });
}

async function firstRound(peer: RawPeer, round: Round = {}): Promise<InputRequired> {
  const result = (await callTool(peer, round)) as InputRequired;
  expect(result.resultType).toBe('input_required');
  return result;
}

describe('one input', () => {
  it('ends the round with input_required: the request under a derived key, and a requestState', async () => {
    const result = await firstRound(await rawPeer(serverRunning((ctx) => ctx.elicit(FORM))));
    expect(result).toEqual({
      resultType: 'input_required',
      inputRequests: { 'elicitation-1': { method: 'elicitation/create', params: FORM } },
      requestState: expect.any(String) as unknown,
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'replay-test', version: '1.0.0' } },
    });
  });

  it('completes on the retry that carries the answer and the requestState', async () => {
    const peer = await rawPeer(serverRunning((ctx) => ctx.elicit(FORM)));
    const { requestState } = await firstRound(peer);
    expect(await callTool(peer, { inputResponses: { 'elicitation-1': ACCEPT }, requestState })).toMatchObject({
      resultType: 'complete',
      structuredContent: { value: ACCEPT },
    });
  });

  it('completes on a retry without requestState (the answer is enough)', async () => {
    const peer = await rawPeer(serverRunning((ctx) => ctx.sample(SAMPLE)));
    await firstRound(peer);
    expect(await callTool(peer, { inputResponses: { 'sampling-1': SAMPLED } })).toMatchObject({
      resultType: 'complete',
      structuredContent: { value: SAMPLED },
    });
  });

  it('asks for roots with roots/list', async () => {
    const result = await firstRound(await rawPeer(serverRunning((ctx) => ctx.listRoots())));
    expect(result.inputRequests).toEqual({ 'roots-1': { method: 'roots/list', params: {} } });
  });

  it('leaves the elicitationId out of a URL-mode request (2026-07-28 has none)', async () => {
    const url: ElicitParams = { mode: 'url', message: 'Authorize', url: 'https://example.com/a', elicitationId: 'x' };
    const result = await firstRound(await rawPeer(serverRunning((ctx) => ctx.elicit(url))));
    expect(result.inputRequests['elicitation-1']?.params).toEqual({
      mode: 'url',
      message: 'Authorize',
      url: 'https://example.com/a',
    });
  });
});

describe('several inputs', () => {
  it('asked in parallel come back in one input_required', async () => {
    const server = serverRunning((ctx) => Promise.all([ctx.elicit(FORM), ctx.sample(SAMPLE), ctx.listRoots()]));
    const result = await firstRound(await rawPeer(server));
    expect(result.inputRequests).toEqual({
      'elicitation-1': { method: 'elicitation/create', params: FORM },
      'sampling-1': { method: 'sampling/createMessage', params: SAMPLE },
      'roots-1': { method: 'roots/list', params: {} },
    });
  });

  it('asked in parallel complete in one retry', async () => {
    const peer = await rawPeer(serverRunning((ctx) => Promise.all([ctx.elicit(FORM), ctx.sample(SAMPLE)])));
    const { requestState } = await firstRound(peer);
    const done = await callTool(peer, { inputResponses: { 'elicitation-1': ACCEPT, 'sampling-1': SAMPLED }, requestState });
    expect(done).toMatchObject({ resultType: 'complete', structuredContent: { value: [ACCEPT, SAMPLED] } });
  });

  it('of the same kind get numbered keys in call order', async () => {
    const second: ElicitParams = { ...FORM, message: 'Age?' };
    const result = await firstRound(await rawPeer(serverRunning((ctx) => Promise.all([ctx.elicit(FORM), ctx.elicit(second)]))));
    expect(Object.keys(result.inputRequests)).toEqual(['elicitation-1', 'elicitation-2']);
    expect(result.inputRequests['elicitation-2']?.params).toEqual(second);
  });

  it('asked one after another take several rounds, earlier answers carried in requestState', async () => {
    let runs = 0;
    const server = serverRunning(async (ctx) => {
      runs++;
      const name = await ctx.elicit(FORM);
      const answer = await ctx.sample(SAMPLE);
      return [name, answer];
    });
    const peer = await rawPeer(server);
    const round1 = await firstRound(peer);
    expect(Object.keys(round1.inputRequests)).toEqual(['elicitation-1']);
    const round2 = (await callTool(peer, {
      inputResponses: { 'elicitation-1': ACCEPT },
      requestState: round1.requestState,
    })) as InputRequired;
    expect(round2.resultType).toBe('input_required');
    expect(Object.keys(round2.inputRequests)).toEqual(['sampling-1']);
    // Round 3 sends only the new answer: the first one travels in requestState.
    const round3 = await callTool(peer, { inputResponses: { 'sampling-1': SAMPLED }, requestState: round2.requestState });
    expect(round3).toMatchObject({ resultType: 'complete', structuredContent: { value: [ACCEPT, SAMPLED] } });
    expect(runs).toBe(3);
  });

  it('may use the keys the handler chose', async () => {
    const server = serverRunning((ctx) =>
      Promise.all([ctx.elicit(FORM, { key: 'github_login' }), ctx.sample(SAMPLE, { key: 'capital_of_france' })]),
    );
    const peer = await rawPeer(server);
    const { inputRequests, requestState } = await firstRound(peer);
    expect(Object.keys(inputRequests)).toEqual(['github_login', 'capital_of_france']);
    const done = await callTool(peer, { inputResponses: { github_login: ACCEPT, capital_of_france: SAMPLED }, requestState });
    expect(done).toMatchObject({ resultType: 'complete' });
  });
});

describe('answers', () => {
  it('that the server did not ask for are ignored', async () => {
    const peer = await rawPeer(serverRunning((ctx) => ctx.elicit(FORM)));
    const { requestState } = await firstRound(peer);
    const done = await callTool(peer, {
      inputResponses: { 'elicitation-1': ACCEPT, unexpected: { anything: true }, 'sampling-9': 42 },
      requestState,
    });
    expect(done).toMatchObject({ resultType: 'complete', structuredContent: { value: ACCEPT } });
  });

  it('that are missing lead to a new input_required, not an error', async () => {
    const peer = await rawPeer(serverRunning((ctx) => ctx.elicit(FORM)));
    const { requestState } = await firstRound(peer);
    const again = await firstRound(peer, { requestState });
    expect(Object.keys(again.inputRequests)).toEqual(['elicitation-1']);
  });

  it('that are malformed are -32602', async () => {
    const peer = await rawPeer(serverRunning((ctx) => ctx.elicit(FORM)));
    const { requestState } = await firstRound(peer);
    await expect(
      callTool(peer, { inputResponses: { 'elicitation-1': { action: 'maybe' } }, requestState }),
    ).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^Malformed answer to elicitation\/create/) as unknown,
    });
  });

  it('that are not an object are -32602', async () => {
    const peer = await rawPeer(serverRunning((ctx) => ctx.elicit(FORM)));
    await expect(
      peer.request('tools/call', { _meta: meta2026(ALL_CAPS), name: 't', arguments: {}, inputResponses: ['no'] }),
    ).rejects.toMatchObject({ code: -32602 });
  });
});

describe('requestState', () => {
  it('that was altered is -32602', async () => {
    const peer = await rawPeer(serverRunning((ctx) => ctx.elicit(FORM)));
    const { requestState } = await firstRound(peer);
    const i = Math.floor(requestState.indexOf('.') / 2);
    const altered = requestState.slice(0, i) + (requestState[i] === 'A' ? 'B' : 'A') + requestState.slice(i + 1);
    await expect(callTool(peer, { inputResponses: { 'elicitation-1': ACCEPT }, requestState: altered })).rejects.toMatchObject({
      code: -32602,
    });
  });

  it.each(['', 'garbage', 'a.b'])('that is not a token (%j) is -32602', async (requestState) => {
    const peer = await rawPeer(serverRunning((ctx) => ctx.elicit(FORM)));
    await expect(callTool(peer, { requestState })).rejects.toMatchObject({ code: -32602 });
  });

  it('presented with other arguments is -32602', async () => {
    const peer = await rawPeer(serverRunning((ctx) => ctx.elicit(FORM)));
    const { requestState } = await firstRound(peer, { args: { amount: 10 } });
    await expect(
      callTool(peer, { args: { amount: 10_000 }, inputResponses: { 'elicitation-1': ACCEPT }, requestState }),
    ).rejects.toMatchObject({
      code: -32602,
      message: 'Invalid requestState: issued for a different request',
    });
  });

  it('presented to another tool is -32602', async () => {
    const peer = await rawPeer(serverRunning((ctx) => ctx.elicit(FORM)));
    const { requestState } = await firstRound(peer);
    await expect(
      callTool(peer, { name: 'other', inputResponses: { 'elicitation-1': ACCEPT }, requestState }),
    ).rejects.toMatchObject({ code: -32602 });
  });

  it('presented on another method is -32602', async () => {
    const server = serverRunning((ctx) => ctx.elicit(FORM));
    server.prompt({ name: 't' }, async (_args, ctx) => (await ctx.elicit(FORM)).action);
    const peer = await rawPeer(server);
    const { requestState } = await firstRound(peer);
    await expect(
      peer.request('prompts/get', {
        _meta: meta2026(ALL_CAPS),
        name: 't',
        inputResponses: { 'elicitation-1': ACCEPT },
        requestState,
      }),
    ).rejects.toMatchObject({ code: -32602 });
  });

  it('presented by another principal is -32602', async () => {
    const server = serverRunning((ctx) => ctx.elicit(FORM));
    const alice = await rawPeer(server, { auth: { sub: 'alice' } });
    const bob = await rawPeer(server, { auth: { sub: 'bob' } });
    const { requestState } = await firstRound(alice);
    await expect(callTool(bob, { inputResponses: { 'elicitation-1': ACCEPT }, requestState })).rejects.toMatchObject({
      code: -32602,
      message: 'Invalid requestState: issued to a different principal',
    });
  });

  it('presented without authentication after an authenticated round is -32602', async () => {
    const server = serverRunning((ctx) => ctx.elicit(FORM));
    const alice = await rawPeer(server, { auth: { sub: 'alice' } });
    const anonymous = await rawPeer(server);
    const { requestState } = await firstRound(alice);
    await expect(callTool(anonymous, { inputResponses: { 'elicitation-1': ACCEPT }, requestState })).rejects.toMatchObject({
      code: -32602,
    });
  });

  it('is accepted from the same principal on another connection', async () => {
    const server = serverRunning((ctx) => ctx.elicit(FORM));
    const first = await rawPeer(server, { auth: { sub: 'alice' } });
    const second = await rawPeer(server, { auth: { sub: 'alice' } });
    const { requestState } = await firstRound(first);
    expect(await callTool(second, { inputResponses: { 'elicitation-1': ACCEPT }, requestState })).toMatchObject({
      resultType: 'complete',
    });
  });

  it('that expired is -32602', async () => {
    const peer = await rawPeer(serverRunning((ctx) => ctx.elicit(FORM), { requestStateTtlMs: 1 }));
    const { requestState } = await firstRound(peer);
    await sleep(10);
    await expect(callTool(peer, { inputResponses: { 'elicitation-1': ACCEPT }, requestState })).rejects.toMatchObject({
      code: -32602,
      message: 'Invalid requestState: expired',
    });
  });

  it('from a server with another secret is -32602', async () => {
    const run = (ctx: ServerContext) => ctx.elicit(FORM);
    const { requestState } = await firstRound(await rawPeer(serverRunning(run)));
    await expect(callTool(await rawPeer(serverRunning(run)), { requestState })).rejects.toMatchObject({ code: -32602 });
  });

  it('from a server with the same secret is accepted (several processes)', async () => {
    const run = (ctx: ServerContext) => ctx.elicit(FORM);
    const secret = new Uint8Array(32).fill(7);
    const { requestState } = await firstRound(await rawPeer(serverRunning(run, { secret })));
    const done = await callTool(await rawPeer(serverRunning(run, { secret })), {
      inputResponses: { 'elicitation-1': ACCEPT },
      requestState,
    });
    expect(done).toMatchObject({ resultType: 'complete' });
  });
});

describe('the handler', () => {
  it('sees its signal fire when the round ends with input_required', async () => {
    const aborted = deferred<boolean>();
    const server = serverRunning((ctx) => {
      ctx.signal.addEventListener('abort', () => {
        aborted.resolve(true);
      });
      return ctx.elicit(FORM);
    });
    await firstRound(await rawPeer(server));
    expect(await aborted.promise).toBe(true);
  });

  it('runs again from the start on each round', async () => {
    const sideEffects: string[] = [];
    const server = serverRunning(async (ctx) => {
      sideEffects.push('before');
      const answer = await ctx.elicit(FORM);
      sideEffects.push('after');
      return answer;
    });
    const peer = await rawPeer(server);
    const { requestState } = await firstRound(peer);
    await callTool(peer, { inputResponses: { 'elicitation-1': ACCEPT }, requestState });
    expect(sideEffects).toEqual(['before', 'before', 'after']);
  });

  it('cannot make completeElicitation send anything (a no-op in this era)', async () => {
    const server = serverRunning((ctx) => {
      ctx.completeElicitation('abc');
      return Promise.resolve('done');
    });
    const peer = await rawPeer(server);
    await callTool(peer);
    expect(peer.notifications).toEqual([]);
  });
});

describe('capabilities', () => {
  it.each([
    ['elicitation', (ctx: ServerContext) => ctx.elicit(FORM), { elicitation: {} }],
    ['sampling', (ctx: ServerContext) => ctx.sample(SAMPLE), { sampling: {} }],
    ['roots', (ctx: ServerContext) => ctx.listRoots(), { roots: {} }],
  ])('refuse %s the request did not declare with -32021', async (_kind, run, required) => {
    await expect(callTool(await rawPeer(serverRunning(run)), { caps: {} })).rejects.toMatchObject({
      code: -32021,
      data: { requiredCapabilities: required },
    });
  });

  it('refuse URL mode when the request declared only form mode', async () => {
    const url: ElicitParams = { mode: 'url', message: 'Authorize', url: 'https://example.com/a', elicitationId: 'x' };
    await expect(
      callTool(await rawPeer(serverRunning((ctx) => ctx.elicit(url))), { caps: { elicitation: { form: {} } } }),
    ).rejects.toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { elicitation: { url: {} } } },
    });
  });

  it('refuse sampling with tools without sampling.tools', async () => {
    const withTools = { ...SAMPLE, tools: [{ name: 'calc', inputSchema: { type: 'object' as const } }] };
    await expect(
      callTool(await rawPeer(serverRunning((ctx) => ctx.sample(withTools))), { caps: { sampling: {} } }),
    ).rejects.toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { sampling: { tools: {} } } },
    });
  });
});

describe('methods', () => {
  it('resources/read may ask for input', async () => {
    const server = newServer();
    server.resourceTemplate(
      { uriTemplate: 'ask://{q}', name: 'ask' },
      async (_uri, { q }, ctx) => `${q}: ${(await ctx.elicit(FORM)).action}`,
    );
    const peer = await rawPeer(server);
    const round1 = (await peer.request('resources/read', { _meta: meta2026(ALL_CAPS), uri: 'ask://x' })) as InputRequired;
    expect(round1).toMatchObject({
      resultType: 'input_required',
      inputRequests: { 'elicitation-1': { method: 'elicitation/create' } },
    });
    const round2 = await peer.request('resources/read', {
      _meta: meta2026(ALL_CAPS),
      uri: 'ask://x',
      inputResponses: { 'elicitation-1': ACCEPT },
      requestState: round1.requestState,
    });
    expect(round2).toMatchObject({ resultType: 'complete', contents: [{ uri: 'ask://x', text: 'x: accept' }] });
  });

  it('prompts/get may ask for input', async () => {
    const server = newServer();
    server.prompt({ name: 'p' }, async (_args, ctx) => `Roots: ${(await ctx.listRoots()).roots.map((r) => r.uri).join()}`);
    const peer = await rawPeer(server);
    const round1 = (await peer.request('prompts/get', { _meta: meta2026(ALL_CAPS), name: 'p' })) as InputRequired;
    expect(round1).toMatchObject({ resultType: 'input_required', inputRequests: { 'roots-1': { method: 'roots/list' } } });
    const round2 = await peer.request('prompts/get', {
      _meta: meta2026(ALL_CAPS),
      name: 'p',
      inputResponses: { 'roots-1': ROOTS },
      requestState: round1.requestState,
    });
    expect(round2).toMatchObject({ resultType: 'complete', messages: [{ content: { text: 'Roots: file:///w' } }] });
  });

  it('other methods cannot ask: a list callback that tries fails the request', async () => {
    const server = newServer();
    server.resourceTemplate(
      { uriTemplate: 'x://{y}', name: 'x', list: async (ctx) => [{ uri: `x://${(await ctx.elicit(FORM)).action}`, name: 'x' }] },
      () => '',
    );
    const peer = await rawPeer(server);
    await expect(peer.request('resources/list', { _meta: meta2026(ALL_CAPS) })).rejects.toMatchObject({ code: -32603 });
  });
});
