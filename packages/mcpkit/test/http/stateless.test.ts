// The stateless era (2026-07-28) through the web handler: one short-lived
// session per POST, the `_meta` and mirrored-header checks with their HTTP
// statuses, SSE only when something precedes the response, cancellation by
// hanging up, and `subscriptions/listen` as a long-lived stream.
import { afterEach, describe, expect, it } from 'vitest';
import { createWebHandler, type WebHandler } from '../../src/http/server/webHandler.js';
import { makeFixture, type Fixture } from './fixture.js';
import { BASE, parseSse, post, SseReader, stateless } from './webClient.js';

let handler: WebHandler;
let fixture: Fixture;

function serve(options: Parameters<typeof createWebHandler>[1] = {}): WebHandler {
  fixture = makeFixture();
  handler = createWebHandler(fixture.server, options);
  return handler;
}

afterEach(async () => {
  await handler.close();
});

async function json(res: Response): Promise<Record<string, unknown>> {
  return (await res.json()) as Record<string, unknown>;
}

const b64 = (s: string) => `=?base64?${Buffer.from(s, 'utf8').toString('base64')}?=`;

describe('stateless era: serving', () => {
  it('answers in JSON with resultType and cache hints, and keeps no session', async () => {
    const h = serve();
    const res = await h(stateless('tools/list'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('mcp-session-id')).toBeNull();
    const body = await json(res);
    expect(body).toMatchObject({ id: 1, result: { resultType: 'complete', ttlMs: 0, cacheScope: 'private' } });
    expect((body['result'] as { tools: { name: string }[] }).tools.map((t) => t.name)).toContain('echo');
    await new Promise((r) => setTimeout(r, 0));
    expect(fixture.server.sessions.size).toBe(0);
    expect(h.http.sessions.size).toBe(0);
  });

  it('streams progress as SSE without priming or event ids, then the response', async () => {
    const h = serve();
    const res = await h(stateless('tools/call', { name: 'progress', arguments: { steps: 2 } }, { meta: { progressToken: 't' } }));
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const events = parseSse(await res.text());
    expect(events.every((e) => e.id === undefined && e.data !== '')).toBe(true);
    const messages = events.map((e) => JSON.parse(e.data ?? '') as Record<string, unknown>);
    expect(messages.map((m) => m['method'] ?? m['id'])).toEqual(['notifications/progress', 'notifications/progress', 1]);
    expect(messages[2]).toMatchObject({ result: { resultType: 'complete', content: [{ text: 'done 2' }] } });
  });

  it('answers input_required (MRTR) instead of asking over the stream', async () => {
    const h = serve();
    const res = await h(stateless('tools/call', { name: 'elicit', arguments: {} }, { capabilities: { elicitation: {} } }));
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({
      result: { resultType: 'input_required', requestState: expect.any(String) as unknown },
    });
  });

  it('shows handlers the HTTP request as ctx.transport, without the polling hook', async () => {
    const h = serve();
    const res = await h(stateless('tools/call', { name: 'transport', arguments: {} }, { headers: { 'user-agent': 'probe/1' } }));
    expect(await json(res)).toMatchObject({
      result: { structuredContent: { method: 'POST', path: '/mcp', sessionId: null, userAgent: 'probe/1', canPoll: false } },
    });
  });

  it('accepts a notification with 202', async () => {
    const h = serve();
    const res = await h(
      post(
        { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } },
        { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'notifications/cancelled' },
      ),
    );
    expect(res.status).toBe(202);
  });

  it('serves several concurrent requests', async () => {
    const h = serve();
    const all = await Promise.all(
      [1, 2, 3].map((id) => h(stateless('tools/call', { name: 'echo', arguments: { text: String(id) } }, { id }))),
    );
    expect(all.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await Promise.all(all.map(async (r) => (await json(r))['id']))).toEqual([1, 2, 3]);
  });
});

describe('stateless era: statuses of errors', () => {
  it('-32602 and 400 for a missing or malformed _meta; clientInfo is optional', async () => {
    const h = serve();
    const noMeta = await h(
      post(
        { jsonrpc: '2.0', id: 3, method: 'tools/list', params: {} },
        { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
      ),
    );
    expect(noMeta.status).toBe(400);
    expect(await json(noMeta)).toMatchObject({ id: 3, error: { code: -32602 } });
    const noCaps = await h(
      post(
        {
          jsonrpc: '2.0',
          id: 4,
          method: 'tools/list',
          params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
        },
        { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
      ),
    );
    expect(noCaps.status).toBe(400);
    expect(await json(noCaps)).toMatchObject({ id: 4, error: { code: -32602 } });
    const noInfo = await h(
      post(
        {
          jsonrpc: '2.0',
          id: 5,
          method: 'tools/list',
          params: {
            _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} },
          },
        },
        { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
      ),
    );
    expect(noInfo.status).toBe(200);
  });

  it('-32022 and 400 for an unsupported version, with the supported list', async () => {
    const h = serve();
    const res = await h(
      stateless(
        'tools/list',
        {},
        { headers: { 'mcp-protocol-version': 'v999.0.0' }, meta: { 'io.modelcontextprotocol/protocolVersion': 'v999.0.0' } },
      ),
    );
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({
      id: 1,
      error: { code: -32022, data: { supported: expect.arrayContaining(['2026-07-28']) as unknown, requested: 'v999.0.0' } },
    });
  });

  it('-32020 and 400 when MCP-Protocol-Version is absent or differs from _meta', async () => {
    const h = serve();
    const differs = await h(stateless('tools/list', {}, { headers: { 'mcp-protocol-version': '2025-11-25' } }));
    expect(differs.status).toBe(400);
    expect(await json(differs)).toMatchObject({ error: { code: -32020 } });
    const body = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: {
        _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} },
      },
    };
    const absent = await h(post(body, { 'mcp-method': 'tools/list' }));
    expect(absent.status).toBe(400);
    expect(await json(absent)).toMatchObject({ id: 1, error: { code: -32020 } });
  });

  it('-32021 and 400 for a missing client capability, naming it', async () => {
    const h = serve();
    const res = await h(stateless('tools/call', { name: 'sample', arguments: { prompt: 'hi' } }));
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ id: 1, error: { code: -32021, data: { requiredCapabilities: { sampling: {} } } } });
  });

  it('404 and -32601 for methods the era removed or never had, keeping the id', async () => {
    const h = serve();
    for (const [i, method] of ['initialize', 'ping', 'logging/setLevel', 'resources/subscribe', 'nope/nothing'].entries()) {
      const params =
        method === 'logging/setLevel' ? { level: 'info' } : method === 'resources/subscribe' ? { uri: 'test://static' } : {};
      const res = await h(stateless(method, params, { id: `r${i}` }));
      expect(res.status, method).toBe(404);
      expect(await json(res)).toMatchObject({ id: `r${i}`, error: { code: -32601 } });
    }
  });

  it('invalid params of a tool stay in-band (200)', async () => {
    const h = serve();
    const res = await h(stateless('resources/read', { uri: 'test://missing' }));
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ error: { code: -32602 } });
  });

  it('refuses posted responses and batches carrying 2026-07-28 requests', async () => {
    const h = serve();
    const response = await h(post({ jsonrpc: '2.0', id: 1, result: {} }, { 'mcp-protocol-version': '2026-07-28' }));
    expect(response.status).toBe(400);
    const batch = await h(
      post([
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/list',
          params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
        },
      ]),
    );
    expect(batch.status).toBe(400);
  });

  it('initialize with a 2026-07-28 header is a header mismatch', async () => {
    const h = serve();
    const res = await h(
      post(
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
        },
        { 'mcp-protocol-version': '2026-07-28' },
      ),
    );
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ id: 1, error: { code: -32020 } });
  });

  it('GET and DELETE without a session have no meaning: 405', async () => {
    const h = serve();
    const get = await h(new Request(BASE, { headers: { accept: 'text/event-stream', 'mcp-protocol-version': '2026-07-28' } }));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const del = await h(new Request(BASE, { method: 'DELETE' }));
    expect(del.status).toBe(405);
  });
});

describe('stateless era: standard headers', () => {
  it('Mcp-Method must equal the method, case-sensitively; whitespace is tolerated', async () => {
    const h = serve();
    const wrong = await h(stateless('tools/list', {}, { headers: { 'mcp-method': 'prompts/list' } }));
    expect(wrong.status).toBe(400);
    expect(await json(wrong)).toMatchObject({ error: { code: -32020 } });
    const upper = await h(stateless('tools/list', {}, { headers: { 'mcp-method': 'TOOLS/LIST' } }));
    expect(upper.status).toBe(400);
    const spaced = await h(stateless('tools/list', {}, { headers: { 'mcp-method': '  tools/list\t' } }));
    expect(spaced.status).toBe(200);
    const body = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: {
        _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} },
      },
    };
    const mixedCase = await h(post(body, { 'MCP-PROTOCOL-VERSION': '2026-07-28', 'mCp-MeThOd': 'tools/list' }));
    expect(mixedCase.status).toBe(200);
    const missing = await h(
      post(
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/list',
          params: {
            _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} },
          },
        },
        { 'mcp-protocol-version': '2026-07-28' },
      ),
    );
    expect(missing.status).toBe(400);
  });

  it('Mcp-Name must be present and equal to the name or URI, Base64 sentinel decoded', async () => {
    const h = serve();
    const ok = await h(stateless('resources/read', { uri: 'test://static' }));
    expect(ok.status).toBe(200);
    const missing = await h(stateless('tools/call', { name: 'echo', arguments: { text: 'x' } }, { headers: { 'mcp-name': '' } }));
    expect(missing.status).toBe(400);
    const mismatch = await h(
      stateless('prompts/get', { name: 'greet', arguments: { name: 'a' } }, { headers: { 'mcp-name': 'other' } }),
    );
    expect(mismatch.status).toBe(400);
    expect(await json(mismatch)).toMatchObject({ error: { code: -32020 } });
    const encoded = await h(
      stateless('tools/call', { name: 'echo', arguments: { text: 'x' } }, { headers: { 'mcp-name': b64('echo') } }),
    );
    expect(encoded.status).toBe(200);
    const broken = await h(
      stateless('tools/call', { name: 'echo', arguments: { text: 'x' } }, { headers: { 'mcp-name': '=?base64?ZWNo*w==?=' } }),
    );
    expect(broken.status).toBe(400);
  });

  it('x-mcp-header arguments must be mirrored in Mcp-Param headers', async () => {
    const h = serve();
    const call = (args: object, headers: Record<string, string>) =>
      h(stateless('tools/call', { name: 'region', arguments: args }, { headers }));
    expect((await call({ region: 'us-west1', query: 'q' }, { 'mcp-param-region': 'us-west1' })).status).toBe(200);
    expect((await call({ region: 'us-west1' }, {})).status).toBe(400);
    expect((await call({ region: 'us-west1' }, { 'Mcp-Param-Region': 'eu-west1' })).status).toBe(400);
    expect((await call({ region: 'Hello, 世界' }, { 'mcp-param-region': b64('Hello, 世界') })).status).toBe(200);
    expect((await call({ region: 'x' }, { 'mcp-param-region': '=?base64?eA=?=' })).status).toBe(400);
    expect((await call({ region: '=?base64?literal?=' }, { 'mcp-param-region': b64('=?base64?literal?=') })).status).toBe(200);
    expect((await call({ count: 42 }, { 'mcp-param-count': '42.0' })).status).toBe(200);
    expect((await call({ count: 42 }, { 'mcp-param-count': '43' })).status).toBe(400);
    expect((await call({ flag: false }, { 'mcp-param-flag': 'false' })).status).toBe(200);
    expect((await call({ flag: true }, { 'mcp-param-flag': 'True' })).status).toBe(400);
    expect((await call({ place: { zone: 'a' } }, { 'mcp-param-zone': 'a' })).status).toBe(200);
    expect((await call({ place: { zone: 'a' } }, {})).status).toBe(400);
    expect((await call({ region: null, query: 'q' }, {})).status).toBe(200);
    const refused = await call({ region: 'us-west1' }, {});
    expect(await json(refused)).toMatchObject({ id: 1, error: { code: -32020 } });
  });
});

describe('stateless era: streams', () => {
  it('hanging up on a JSON answer cancels the request and frees its session', async () => {
    const h = serve();
    const abort = new AbortController();
    const request = stateless('tools/call', { name: 'slow', arguments: { ms: 5000 } });
    const pending = h(new Request(request, { signal: abort.signal }));
    await new Promise((r) => setTimeout(r, 20));
    expect(fixture.server.sessions.size).toBe(1);
    abort.abort();
    await new Promise((r) => setTimeout(r, 20));
    expect(fixture.hooks.aborted).toEqual(['slow']);
    expect(fixture.server.sessions.size).toBe(0);
    void pending;
  });

  it('hanging up on an SSE answer cancels the request', async () => {
    const h = serve();
    const res = await h(
      stateless('tools/call', { name: 'progress', arguments: { steps: 50, delayMs: 20 } }, { meta: { progressToken: 1 } }),
    );
    const reader = new SseReader(res);
    expect(await reader.nextMessage()).toMatchObject({ method: 'notifications/progress' });
    await reader.cancel();
    await new Promise((r) => setTimeout(r, 50));
    expect(fixture.server.sessions.size).toBe(0);
  });

  it('subscriptions/listen is a long-lived stream: acknowledged first, then tagged notifications and keep-alives', async () => {
    const h = serve({ keepAliveMs: 20 });
    const res = await h(stateless('subscriptions/listen', { notifications: { toolsListChanged: true } }, { id: 'sub' }));
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = new SseReader(res);
    expect(await reader.nextMessage()).toMatchObject({
      method: 'notifications/subscriptions/acknowledged',
      params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 'sub' } },
    });
    const comment = await reader.next();
    expect(comment?.comment).toBe('keep-alive');
    fixture.server.tool({ name: 'late', description: 'added later' }, () => 'x');
    expect(await reader.nextMessage()).toMatchObject({
      method: 'notifications/tools/list_changed',
      params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 'sub' } },
    });
    await reader.cancel();
    await new Promise((r) => setTimeout(r, 20));
    expect(fixture.server.sessions.size).toBe(0);
    expect(h.http.keepAlive.size).toBe(0);
  });
});
