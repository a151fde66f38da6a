// Input requests in the handshake era: ctx.elicit, ctx.sample and
// ctx.listRoots send real requests to the client, only for what the client
// declared; refusals are -32021 with data.requiredCapabilities.
import { describe, expect, it } from 'vitest';
import { handshakePeer, type RawPeer } from '../../test/rawClient.js';
import type { CreateMessageParams, ElicitParams } from '../protocol/types/index.js';
import type { ServerContext } from './context.js';
import { McpServer } from './server.js';

function connect(server: McpServer, capabilities: object, revision = '2025-11-25'): Promise<RawPeer> {
  return handshakePeer(server, revision, capabilities);
}

/** A server with one tool `t` whose handler is `run`; the tool returns what `run` returns, as JSON. */
function serverRunning(run: (ctx: ServerContext) => Promise<unknown>): McpServer {
  const server = new McpServer({ name: 'inputs-test', version: '1.0.0' });
  server.tool({ name: 't' }, async (_args, ctx) => ({ value: await run(ctx) }));
  return server;
}

function call(peer: RawPeer): Promise<unknown> {
  return peer.request('tools/call', { name: 't' });
}

const FORM: ElicitParams = {
  message: 'Your name?',
  requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
};
const URL_MODE: ElicitParams = { mode: 'url', message: 'Authorize', url: 'https://example.com/auth', elicitationId: 'fixed-id' };
const SAMPLE: CreateMessageParams = { messages: [{ role: 'user', content: { type: 'text', text: '2+2?' } }], maxTokens: 10 };

describe('ctx.elicit', () => {
  it('sends elicitation/create to the client and returns its answer', async () => {
    const peer = await connect(
      serverRunning((ctx) => ctx.elicit(FORM)),
      { elicitation: {} },
    );
    const asked: unknown[] = [];
    peer.onRequest = (method, params) => {
      asked.push({ method, params });
      return { action: 'accept', content: { name: 'Ada' } };
    };
    expect(await call(peer)).toMatchObject({ structuredContent: { value: { action: 'accept', content: { name: 'Ada' } } } });
    expect(asked).toEqual([{ method: 'elicitation/create', params: FORM }]);
  });

  it('adds a generated elicitationId to a URL-mode request that has none', async () => {
    const { elicitationId: _omitted, ...withoutId } = URL_MODE;
    const peer = await connect(
      serverRunning((ctx) => ctx.elicit(withoutId)),
      { elicitation: { url: {} } },
    );
    let params: Record<string, unknown> = {};
    peer.onRequest = (_method, p) => {
      params = p as Record<string, unknown>;
      return { action: 'accept' };
    };
    await call(peer);
    expect(params['elicitationId']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(params).toMatchObject(withoutId);
  });

  it('keeps the elicitationId the handler chose', async () => {
    const peer = await connect(
      serverRunning((ctx) => ctx.elicit(URL_MODE)),
      { elicitation: { url: {} } },
    );
    let params: unknown;
    peer.onRequest = (_method, p) => {
      params = p;
      return { action: 'accept' };
    };
    await call(peer);
    expect(params).toEqual(URL_MODE);
  });

  it('refuses with -32021 when the client declared no elicitation', async () => {
    const peer = await connect(
      serverRunning((ctx) => ctx.elicit(FORM)),
      { sampling: {} },
    );
    await expect(call(peer)).rejects.toMatchObject({ code: -32021, data: { requiredCapabilities: { elicitation: {} } } });
  });

  it('refuses URL mode with -32021 when the client declared only form mode', async () => {
    const peer = await connect(
      serverRunning((ctx) => ctx.elicit(URL_MODE)),
      { elicitation: { form: {} } },
    );
    await expect(call(peer)).rejects.toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { elicitation: { url: {} } } },
    });
  });

  it('refuses URL mode when the client declared elicitation as {} (form only)', async () => {
    const peer = await connect(
      serverRunning((ctx) => ctx.elicit(URL_MODE)),
      { elicitation: {} },
    );
    await expect(call(peer)).rejects.toMatchObject({ code: -32021 });
  });

  it('refuses form mode with -32021 when the client declared only URL mode', async () => {
    const peer = await connect(
      serverRunning((ctx) => ctx.elicit(FORM)),
      { elicitation: { url: {} } },
    );
    await expect(call(peer)).rejects.toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { elicitation: { form: {} } } },
    });
  });

  it.each(['2024-11-05', '2025-03-26'])('refuses on %s, which has no elicitation', async (revision) => {
    const peer = await connect(
      serverRunning((ctx) => ctx.elicit(FORM)),
      { elicitation: {} },
      revision,
    );
    await expect(call(peer)).rejects.toMatchObject({ code: -32021 });
  });

  it('refuses URL mode on 2025-06-18, which has only form mode', async () => {
    const peer = await connect(
      serverRunning((ctx) => ctx.elicit(URL_MODE)),
      { elicitation: { url: {} } },
      '2025-06-18',
    );
    await expect(call(peer)).rejects.toMatchObject({ code: -32021 });
  });

  it('turns a malformed answer into -32602', async () => {
    const peer = await connect(
      serverRunning((ctx) => ctx.elicit(FORM)),
      { elicitation: {} },
    );
    peer.onRequest = () => ({ action: 'maybe' });
    await expect(call(peer)).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^Malformed answer to elicitation\/create/) as unknown,
    });
  });

  it('passes the client’s error on as a JSON-RPC error', async () => {
    const peer = await connect(
      serverRunning((ctx) => ctx.elicit(FORM)),
      { elicitation: {} },
    );
    peer.onRequest = () => {
      throw new Error('user closed the dialog');
    };
    await expect(call(peer)).rejects.toMatchObject({ code: -32603 });
  });
});

describe('ctx.sample', () => {
  it('sends sampling/createMessage and returns the answer', async () => {
    const peer = await connect(
      serverRunning((ctx) => ctx.sample(SAMPLE)),
      { sampling: {} },
    );
    let asked: unknown;
    peer.onRequest = (method, params) => {
      asked = { method, params };
      return { role: 'assistant', content: { type: 'text', text: '4' }, model: 'm' };
    };
    expect(await call(peer)).toMatchObject({ structuredContent: { value: { content: { text: '4' } } } });
    expect(asked).toEqual({ method: 'sampling/createMessage', params: SAMPLE });
  });

  it('refuses with -32021 when the client declared no sampling', async () => {
    const peer = await connect(
      serverRunning((ctx) => ctx.sample(SAMPLE)),
      { elicitation: {} },
    );
    await expect(call(peer)).rejects.toMatchObject({ code: -32021, data: { requiredCapabilities: { sampling: {} } } });
  });

  it('refuses tools with -32021 when the client did not declare sampling.tools', async () => {
    const withTools = { ...SAMPLE, tools: [{ name: 'calc', inputSchema: { type: 'object' as const } }] };
    const peer = await connect(
      serverRunning((ctx) => ctx.sample(withTools)),
      { sampling: {} },
    );
    await expect(call(peer)).rejects.toMatchObject({ code: -32021, data: { requiredCapabilities: { sampling: { tools: {} } } } });
  });

  it('sends tools when the client declared sampling.tools', async () => {
    const withTools = { ...SAMPLE, tools: [{ name: 'calc', inputSchema: { type: 'object' as const } }] };
    const peer = await connect(
      serverRunning((ctx) => ctx.sample(withTools)),
      { sampling: { tools: {} } },
    );
    let params: unknown;
    peer.onRequest = (_method, p) => {
      params = p;
      return { role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'm' };
    };
    await call(peer);
    expect(params).toEqual(withTools);
  });
});

describe('ctx.listRoots', () => {
  it('sends roots/list and returns the roots', async () => {
    const peer = await connect(
      serverRunning((ctx) => ctx.listRoots()),
      { roots: { listChanged: true } },
    );
    peer.onRequest = (method) => (method === 'roots/list' ? { roots: [{ uri: 'file:///home', name: 'home' }] } : undefined);
    expect(await call(peer)).toMatchObject({ structuredContent: { value: { roots: [{ uri: 'file:///home', name: 'home' }] } } });
  });

  it('refuses with -32021 when the client declared no roots', async () => {
    const peer = await connect(
      serverRunning((ctx) => ctx.listRoots()),
      {},
    );
    await expect(call(peer)).rejects.toMatchObject({ code: -32021, data: { requiredCapabilities: { roots: {} } } });
  });
});

describe('ctx.completeElicitation', () => {
  it('sends notifications/elicitation/complete, even after the request finished', async () => {
    const server = new McpServer({ name: 'inputs-test', version: '1.0.0' });
    let saved: ServerContext | undefined;
    server.tool({ name: 'start' }, (_args, ctx) => {
      saved = ctx;
      return 'started';
    });
    const peer = await connect(server, { elicitation: { url: {} } });
    await peer.request('tools/call', { name: 'start' });
    saved?.completeElicitation('abc-123');
    await peer.request('ping');
    expect(peer.notifications.filter((n) => n.method === 'notifications/elicitation/complete').map((n) => n.params)).toEqual([
      { elicitationId: 'abc-123' },
    ]);
  });
});
