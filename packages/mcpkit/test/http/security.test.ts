// Abuse and misuse through the web handler: foreign origins and hosts (403),
// oversized bodies (413, counted while streaming), wrong content types (415),
// bad Accept (406), wrong methods (405), unknown paths and sessions (404),
// malformed bodies (400), CORS, and a closed handler (503).
import { afterEach, describe, expect, it } from 'vitest';
import { createWebHandler, type WebHandler } from '../../src/http/server/webHandler.js';
import { makeFixture } from './fixture.js';
import { ACCEPT_BOTH, BASE, openSession, post, sessionHeaders, stateless } from './webClient.js';

let handler: WebHandler;

function serve(options: Parameters<typeof createWebHandler>[1] = {}): WebHandler {
  handler = createWebHandler(makeFixture().server, options);
  return handler;
}

afterEach(async () => {
  await handler.close();
});

const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
};

describe('Origin and Host', () => {
  it('403 with an id-less JSON-RPC error for a foreign Origin', async () => {
    const h = serve();
    const res = await h(post(INIT, { origin: 'https://evil.example' }));
    expect(res.status).toBe(403);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
    expect('id' in body).toBe(false);
    expect(h.http.sessions.size).toBe(0);
  });

  it('accepts no Origin, the request’s own origin, and allow-listed origins', async () => {
    const h = serve({ allowedOrigins: ['https://app.example'] });
    expect((await h(post(INIT))).status).toBe(200);
    expect((await h(post(INIT, { origin: 'http://localhost' }))).status).toBe(200);
    expect((await h(post(INIT, { origin: 'https://app.example' }))).status).toBe(200);
    expect((await h(post(INIT, { origin: 'null' }))).status).toBe(403);
  });

  it('with a Host allow-list, a foreign Host is 403 and loopback names pass with any port', async () => {
    const h = serve({ allowedHosts: ['localhost', '127.0.0.1', '[::1]'] });
    const at = (host: string) => h(post(INIT, {}, `http://${host}/mcp`));
    expect((await at('evil.example:3000')).status).toBe(403);
    expect((await at('localhost:3000')).status).toBe(200);
    expect((await at('127.0.0.1')).status).toBe(200);
    expect((await at('[::1]:8080')).status).toBe(200);
    const rebinding = await h(stateless('server/discover'), undefined);
    expect(rebinding.status).toBe(200);
  });

  it('a Host allow-list entry with a port accepts only that port', async () => {
    const h = serve({ allowedHosts: ['localhost:3000'] });
    expect((await h(post(INIT, {}, 'http://localhost:3000/mcp'))).status).toBe(200);
    expect((await h(post(INIT, {}, 'http://localhost:3001/mcp'))).status).toBe(403);
  });
});

describe('bodies and negotiation', () => {
  it('413 for a declared oversized body, before reading it', async () => {
    const h = serve({ maxBodyBytes: 1024 });
    const res = await h(post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { pad: 'x'.repeat(2000) } }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: -32600 } });
  });

  it('413 for a streamed body without Content-Length, counted as it arrives', async () => {
    const h = serve({ maxBodyBytes: 1024 });
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 1000) controller.close();
        else controller.enqueue(new TextEncoder().encode('x'.repeat(512)));
      },
    });
    const request = new Request(BASE, {
      method: 'POST',
      headers: { accept: ACCEPT_BOTH, 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    const res = await h(request);
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThan(10);
  });

  it('415 for a body that is not JSON', async () => {
    const h = serve();
    const res = await h(post(INIT, { 'content-type': 'text/plain' }));
    expect(res.status).toBe(415);
  });

  it('406 unless POST accepts JSON and SSE, and GET accepts SSE', async () => {
    const h = serve();
    expect((await h(post(INIT, { accept: 'application/json' }))).status).toBe(406);
    expect((await h(post(INIT, { accept: 'text/event-stream' }))).status).toBe(406);
    expect((await h(post(INIT, { accept: '*/*' }))).status).toBe(200);
    const sid = await openSession(h);
    const get = await h(new Request(BASE, { headers: { accept: 'application/json', ...sessionHeaders(sid) } }));
    expect(get.status).toBe(406);
  });

  it('400 with -32700 for invalid JSON and -32600 for a non-message', async () => {
    const h = serve();
    const broken = await h(post('{"jsonrpc": "2.0", '));
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ error: { code: -32700 } });
    const sid = await openSession(h);
    const shape = await h(post({ jsonrpc: '1.0', id: 3, method: 'tools/list' }, sessionHeaders(sid)));
    expect(shape.status).toBe(400);
    expect(await shape.json()).toMatchObject({ id: 3, error: { code: -32600 } });
  });
});

describe('methods and paths', () => {
  it('405 with Allow for methods the endpoint does not have', async () => {
    const h = serve();
    const put = await h(new Request(BASE, { method: 'PUT', body: '{}' }));
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST, DELETE');
    expect((await h(new Request('http://localhost/messages'))).status).toBe(405);
    expect((await h(new Request('http://localhost/sse', { method: 'POST', body: '{}' }))).status).toBe(405);
    expect((await h(new Request(BASE, { method: 'OPTIONS' }))).status).toBe(405);
  });

  it('404 for other paths and unknown sessions', async () => {
    const h = serve();
    expect((await h(post(INIT, {}, 'http://localhost/other'))).status).toBe(404);
    const get = await h(new Request(BASE, { headers: { accept: 'text/event-stream', 'mcp-session-id': 'nope' } }));
    expect(get.status).toBe(404);
    const del = await h(new Request(BASE, { method: 'DELETE', headers: { 'mcp-session-id': 'nope' } }));
    expect(del.status).toBe(404);
  });

  it('serves another path when configured', async () => {
    const h = serve({ path: '/api/mcp', httpSse: false });
    expect((await h(post(INIT, {}, 'http://localhost/api/mcp'))).status).toBe(200);
    expect((await h(post(INIT))).status).toBe(404);
    expect((await h(new Request('http://localhost/sse'))).status).toBe(404);
  });

  it('503 once closed', async () => {
    const h = serve();
    await h.close();
    expect((await h(post(INIT))).status).toBe(503);
  });
});

describe('CORS', () => {
  it('is off by default: no CORS headers', async () => {
    const h = serve({ allowedOrigins: ['https://app.example'] });
    const res = await h(post(INIT, { origin: 'https://app.example' }));
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers preflights and exposes Mcp-Session-Id to allowed origins', async () => {
    const h = serve({ cors: { origins: ['https://app.example'] } });
    const preflight = await h(
      new Request(BASE, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://app.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, mcp-method, mcp-param-region',
        },
      }),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('DELETE');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('mcp-param-region');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('mcp-session-id');
    const res = await h(post(INIT, { origin: 'https://app.example' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-expose-headers')).toContain('Mcp-Session-Id');
    expect(res.headers.get('mcp-session-id')).not.toBeNull();
    const other = await h(post(INIT, { origin: 'https://other.example' }));
    expect(other.status).toBe(403);
  });
});
