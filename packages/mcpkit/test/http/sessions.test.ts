// Sessions do not leak: abandoned ones expire, the table is capped (the
// longest-idle session is evicted, or 503 when all are in use), and a session
// with an open stream is never expired.
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../src/http/server/httpError.js';
import { createWebHandler, type WebHandler } from '../../src/http/server/webHandler.js';
import type { McpServer } from '../../src/server/server.js';
import { makeFixture } from './fixture.js';
import { BASE, openSession, post, sessionHeaders, SseReader } from './webClient.js';

let handler: WebHandler;
let server: McpServer;

function serve(options: Parameters<typeof createWebHandler>[1] = {}): WebHandler {
  server = makeFixture().server;
  handler = createWebHandler(server, options);
  return handler;
}

afterEach(async () => {
  await handler.close();
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitFor(check: () => boolean, ms = 2000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await sleep(10);
  }
}

describe('session lifetime', () => {
  it('reclaims 1,000 sessions opened and abandoned', async () => {
    const h = serve({ idleTimeoutMs: 200 });
    const ids = await Promise.all(Array.from({ length: 1000 }, () => openSession(h)));
    expect(new Set(ids).size).toBe(1000);
    expect(h.http.sessions.size).toBe(1000);
    expect(server.sessions.size).toBe(1000);
    await waitFor(() => h.http.sessions.size === 0);
    expect(server.sessions.size).toBe(0);
    const gone = await h(post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, sessionHeaders(ids[0] ?? '')));
    expect(gone.status).toBe(404);
  });

  it('keeps a session whose GET stream is open, however idle', async () => {
    const h = serve({ idleTimeoutMs: 30 });
    const busy = await openSession(h);
    const idle = await openSession(h);
    const stream = await h(new Request(BASE, { headers: { accept: 'text/event-stream', ...sessionHeaders(busy) } }));
    await sleep(150);
    expect(h.http.sessions.get(busy)).toBeDefined();
    expect(h.http.sessions.get(idle)).toBeUndefined();
    await stream.body?.cancel();
    await waitFor(() => h.http.sessions.size === 0);
  });

  it('at the cap, a new session evicts the longest-idle one', async () => {
    const h = serve({ maxSessions: 3 });
    const first = await openSession(h);
    await sleep(5);
    const second = await openSession(h);
    await sleep(5);
    const third = await openSession(h);
    // Touch the first: now the second is the longest idle.
    expect((await h(post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, sessionHeaders(first)))).status).toBe(200);
    await sleep(5);
    const fourth = await openSession(h);
    expect(h.http.sessions.size).toBe(3);
    expect(h.http.sessions.get(second)).toBeUndefined();
    for (const id of [first, third, fourth]) expect(h.http.sessions.get(id)).toBeDefined();
    expect(server.sessions.size).toBe(3);
  });

  it('at the cap with every session in use, a new session gets 503', async () => {
    const h = serve({ maxSessions: 2 });
    const readers: SseReader[] = [];
    for (let i = 0; i < 2; i++) {
      const sid = await openSession(h);
      readers.push(
        new SseReader(await h(new Request(BASE, { headers: { accept: 'text/event-stream', ...sessionHeaders(sid) } }))),
      );
    }
    const res = await h(
      post({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
      }),
    );
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toMatchObject({ id: 1, error: { code: -32603 } });
    await Promise.all(readers.map((r) => r.cancel()));
  });

  it("answers with the HttpError a server's connect refuses a session with", async () => {
    server = makeFixture().server;
    const refused = HttpError.unavailable('Service Unavailable: no room (--max-things)');
    // As the CLI's bridge does at its process cap: the session is refused before anything starts.
    server.connect = () => Promise.reject(refused);
    handler = createWebHandler(server);
    const init = {
      jsonrpc: '2.0',
      id: 7,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    };
    const res = await handler(post(init));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toMatchObject({
      jsonrpc: '2.0',
      id: 7,
      error: { message: expect.stringContaining('--max-things') as string },
    });
    expect(handler.http.sessions.size).toBe(0);
    const sse = await handler(new Request('http://localhost/sse', { headers: { accept: 'text/event-stream' } }));
    expect(sse.status).toBe(503);
  });

  it('close() ends every session and open stream', async () => {
    const h = serve();
    const sid = await openSession(h);
    const reader = new SseReader(
      await h(new Request(BASE, { headers: { accept: 'text/event-stream', ...sessionHeaders(sid) } })),
    );
    await reader.next();
    await h.close();
    expect(await reader.next()).toBeUndefined();
    expect(server.sessions.size).toBe(0);
    expect(h.http.sessions.size).toBe(0);
  });
});
