// The handshake era (2025-03-26 … 2025-11-25) through the web handler, with
// `Request` objects and no port: sessions, JSON or SSE answers, the GET
// stream, DELETE, batches, version checks.
import { afterEach, describe, expect, it } from 'vitest';
import { createWebHandler, type WebHandler } from '../../src/http/server/webHandler.js';
import { makeFixture } from './fixture.js';
import { BASE, openSession, parseSse, post, sessionHeaders, SseReader, stateless } from './webClient.js';

let handler: WebHandler;

function serve(options: Parameters<typeof createWebHandler>[1] = {}): WebHandler {
  handler = createWebHandler(makeFixture().server, options);
  return handler;
}

afterEach(async () => {
  await handler.close();
});

describe('handshake era over the web handler', () => {
  it('initialize issues a visible-ASCII session id and answers in JSON', async () => {
    const h = serve();
    const res = await h(
      post({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const id = res.headers.get('mcp-session-id') ?? '';
    expect(id).toMatch(/^[\x21-\x7e]{16,}$/);
    expect(await res.json()).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: { protocolVersion: '2025-11-25', serverInfo: { name: 'http-fixture' } },
    });
    expect(h.http.sessions.size).toBe(1);
  });

  it('a plain request is answered in JSON; a notification or response gets 202', async () => {
    const h = serve();
    const sid = await openSession(h);
    const res = await h(
      post(
        { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } },
        sessionHeaders(sid),
      ),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'echo: hi' }] } });
    const note = await h(post({ jsonrpc: '2.0', method: 'notifications/roots/list_changed' }, sessionHeaders(sid)));
    expect(note.status).toBe(202);
    expect(await note.text()).toBe('');
  });

  it('progress turns the answer into SSE: priming event, notifications, then the response', async () => {
    const h = serve({ retryMs: 750 });
    const sid = await openSession(h);
    const res = await h(
      post(
        {
          jsonrpc: '2.0',
          id: 3,
          method: 'tools/call',
          params: { name: 'progress', arguments: { steps: 3 }, _meta: { progressToken: 'p' } },
        },
        sessionHeaders(sid),
      ),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const events = parseSse(await res.text());
    expect(events[0]).toEqual({ id: '2_0', retry: 750, data: '' }); // stream 1 answered initialize
    const messages = events.slice(1).map((e) => JSON.parse(e.data ?? '') as Record<string, unknown>);
    expect(messages.map((m) => m['method'] ?? 'response')).toEqual([
      'notifications/progress',
      'notifications/progress',
      'notifications/progress',
      'response',
    ]);
    expect(events.slice(1).map((e) => e.id)).toEqual(['2_1', '2_2', '2_3', '2_4']);
    expect(messages[3]).toMatchObject({ id: 3, result: { content: [{ text: 'done 3' }] } });
  });

  it('shows handlers the HTTP request and the session as ctx.transport, with the polling hook', async () => {
    const h = serve();
    const sid = await openSession(h);
    const res = await h(
      post(
        { jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'transport', arguments: {} } },
        { ...sessionHeaders(sid), 'user-agent': 'probe/2' },
      ),
    );
    expect(await res.json()).toMatchObject({
      result: { structuredContent: { method: 'POST', path: '/mcp', sessionId: sid, userAgent: 'probe/2', canPoll: true } },
    });
  });

  it('a 2025-03-26 session gets no priming event and may batch', async () => {
    const h = serve();
    const sid = await openSession(h, '2025-03-26');
    const batch = [
      { jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'echo', arguments: { text: 'one' } } },
      { jsonrpc: '2.0', method: 'notifications/roots/list_changed' },
      { jsonrpc: '2.0', id: 'b', method: 'tools/call', params: { name: 'echo', arguments: { text: 'two' } } },
    ];
    const res = await h(post(batch, sessionHeaders(sid, '2025-03-26')));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { jsonrpc: '2.0', id: 'a', result: { content: [{ type: 'text', text: 'echo: one' }] } },
      { jsonrpc: '2.0', id: 'b', result: { content: [{ type: 'text', text: 'echo: two' }] } },
    ]);
    const progress = await h(
      post(
        {
          jsonrpc: '2.0',
          id: 9,
          method: 'tools/call',
          params: { name: 'progress', arguments: { steps: 1 }, _meta: { progressToken: 1 } },
        },
        sessionHeaders(sid, '2025-03-26'),
      ),
    );
    const events = parseSse(await progress.text());
    expect(events.every((e) => e.data !== '')).toBe(true);
    expect(events).toHaveLength(2);
  });

  it('batches are refused on sessions of other revisions', async () => {
    const h = serve();
    const sid = await openSession(h);
    const res = await h(post([{ jsonrpc: '2.0', id: 1, method: 'tools/list' }], sessionHeaders(sid)));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: -32600 } });
  });

  it('elicitation: the request to the client rides the POST stream; the answer is POSTed back (202)', async () => {
    const h = serve();
    const sid = await openSession(h, '2025-11-25', { elicitation: {} });
    const res = await h(
      post({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'elicit', arguments: {} } }, sessionHeaders(sid)),
    );
    const reader = new SseReader(res);
    const ask = await reader.nextMessage();
    expect(ask).toMatchObject({ method: 'elicitation/create', params: { message: 'Your name?' } });
    const answer = await h(
      post({ jsonrpc: '2.0', id: ask?.['id'], result: { action: 'accept', content: { name: 'Ada' } } }, sessionHeaders(sid)),
    );
    expect(answer.status).toBe(202);
    expect(await reader.nextMessage()).toMatchObject({ id: 5, result: { content: [{ text: 'hello Ada' }] } });
    expect(await reader.next()).toBeUndefined();
  });

  it('the GET stream carries server-initiated messages; a second GET gets 409', async () => {
    const { server } = makeFixture();
    handler = createWebHandler(server);
    const sid = await openSession(handler);
    const get = () => handler(new Request(BASE, { headers: { accept: 'text/event-stream', ...sessionHeaders(sid) } }));
    const stream = await get();
    expect(stream.status).toBe(200);
    const reader = new SseReader(stream);
    expect(await reader.next()).toMatchObject({ id: '0_0', data: '' });
    expect((await get()).status).toBe(409);
    server.tool({ name: 'added', description: 'late' }, () => 'x');
    expect(await reader.nextMessage()).toEqual({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    await reader.cancel();
    await new Promise((r) => setTimeout(r, 5));
    const again = await get();
    expect(again.status).toBe(200);
    await again.body?.cancel();
  });

  it('DELETE ends the session: later requests get 404, and the server session is gone', async () => {
    const { server } = makeFixture();
    handler = createWebHandler(server);
    const sid = await openSession(handler);
    expect(server.sessions.size).toBe(1);
    const del = await handler(new Request(BASE, { method: 'DELETE', headers: sessionHeaders(sid) }));
    expect(del.status).toBe(204);
    expect(server.sessions.size).toBe(0);
    const after = await handler(post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, sessionHeaders(sid)));
    expect(after.status).toBe(404);
    expect(await after.json()).toMatchObject({ id: 1, error: { code: -32600 } });
  });

  it('requires the session id after initialize (400) and knows unknown ones (404)', async () => {
    const h = serve();
    const missing = await h(post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ id: 1, error: { code: -32600 } });
    const unknown = await h(post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'mcp-session-id': 'nope' }));
    expect(unknown.status).toBe(404);
  });

  it('validates MCP-Protocol-Version: 400 when unsupported, 2025-03-26 assumed when absent', async () => {
    const h = serve();
    const sid = await openSession(h);
    const bad = await h(
      post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'mcp-session-id': sid, 'mcp-protocol-version': '2024-10-07' }),
    );
    expect(bad.status).toBe(400);
    const absent = await h(post({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, { 'mcp-session-id': sid }));
    expect(absent.status).toBe(200);
    const older = await h(post({ jsonrpc: '2.0', id: 3, method: 'tools/list' }, sessionHeaders(sid, '2025-03-26')));
    expect(older.status).toBe(200);
  });

  it('refuses a request id that is still in flight on the session', async () => {
    const h = serve();
    const sid = await openSession(h);
    const slow = h(
      post(
        { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'slow', arguments: { ms: 100 } } },
        sessionHeaders(sid),
      ),
    );
    const dup = await h(post({ jsonrpc: '2.0', id: 7, method: 'tools/list' }, sessionHeaders(sid)));
    expect(dup.status).toBe(400);
    expect(await (await slow).json()).toMatchObject({ id: 7, result: { content: [{ text: 'slept 100' }] } });
  });

  it('notifications/cancelled stops the handler and ends the request’s stream without a response', async () => {
    const fixture = makeFixture();
    handler = createWebHandler(fixture.server);
    const sid = await openSession(handler);
    const slow = handler(
      post(
        { jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'slow', arguments: { ms: 5000 } } },
        sessionHeaders(sid),
      ),
    );
    await new Promise((r) => setTimeout(r, 10));
    const cancel = await handler(
      post(
        { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 8, reason: 'enough' } },
        sessionHeaders(sid),
      ),
    );
    expect(cancel.status).toBe(202);
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(parseSse(await answer.text())).toEqual([{ id: '2_0', retry: 1000, data: '' }]);
    expect(fixture.hooks.aborted).toEqual(['slow']);
  });

  it('a client that hangs up before the answer leaves the session idle, so it can expire', async () => {
    const h = serve({ idleTimeoutMs: 40 });
    const sid = await openSession(h);
    const abort = new AbortController();
    void h(
      new Request(
        post(
          { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'slow', arguments: { ms: 5000 } } },
          sessionHeaders(sid),
        ),
        { signal: abort.signal },
      ),
    );
    await new Promise((r) => setTimeout(r, 10));
    abort.abort();
    const start = Date.now();
    while (h.http.sessions.size > 0 && Date.now() - start < 2000) await new Promise((r) => setTimeout(r, 10));
    expect(h.http.sessions.size).toBe(0);
  });

  it('a result the wire cannot carry still gets an answer (an error), in both eras', async () => {
    const { server } = makeFixture();
    server.tool({ name: 'huge', description: 'returns a bigint' }, () => ({ content: [], structuredContent: { n: 10n } }));
    handler = createWebHandler(server);
    const sid = await openSession(handler);
    const handshakeReply = await handler(
      post({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'huge', arguments: {} } }, sessionHeaders(sid)),
    );
    expect(await handshakeReply.json()).toMatchObject({ id: 4, error: { code: -32603 } });
    const statelessReply = await handler(stateless('tools/call', { name: 'huge', arguments: {} }, { id: 5 }));
    expect(await statelessReply.json()).toMatchObject({ id: 5, error: { code: -32603 } });
  });

  it('a failed initialize leaves no session behind', async () => {
    const { McpServer } = await import('../../src/server/server.js');
    handler = createWebHandler(new McpServer({ name: 'stateless-only', version: '1', revisions: ['2026-07-28'] }));
    const res = await handler(
      post({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: 1, error: { code: -32602, data: { supported: ['2026-07-28'] } } });
    await new Promise((r) => setTimeout(r, 0));
    expect(handler.http.sessions.size).toBe(0);
  });

  it('binds a session to the principal that opened it', async () => {
    const h = serve();
    const sid = await openSession((r) => h(r, { auth: { sub: 'alice' } }));
    const mallory = await h(post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, sessionHeaders(sid)), {
      auth: { sub: 'mallory' },
    });
    expect(mallory.status).toBe(404);
    const alice = await h(post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, sessionHeaders(sid)), { auth: { sub: 'alice' } });
    expect(alice.status).toBe(200);
  });
});
