// The 2024-11-05 HTTP+SSE transport, served beside /mcp by the same handler.
import { afterEach, describe, expect, it } from 'vitest';
import { createWebHandler, type WebHandler } from '../../src/http/server/webHandler.js';
import type { McpServer } from '../../src/server/server.js';
import { makeFixture } from './fixture.js';
import { openSession, post, SseReader } from './webClient.js';

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

async function connect(h: WebHandler, path = '/sse'): Promise<{ reader: SseReader; endpoint: string }> {
  const res = await h(new Request(`http://localhost${path}`, { headers: { accept: 'text/event-stream' } }));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/event-stream');
  const reader = new SseReader(res);
  const first = await reader.next();
  expect(first?.event).toBe('endpoint');
  return { reader, endpoint: first?.data ?? '' };
}

describe('HTTP+SSE (2024-11-05)', () => {
  it('announces the POST endpoint, accepts messages with 202 and answers on the stream', async () => {
    const h = serve();
    const { reader, endpoint } = await connect(h);
    expect(endpoint).toMatch(/^\/messages\?sessionId=[\x21-\x7e]+$/);
    const url = `http://localhost${endpoint}`;
    const init = await h(
      post(
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'old', version: '1' } },
        },
        {},
        url,
      ),
    );
    expect(init.status).toBe(202);
    expect(await reader.nextMessage()).toMatchObject({ id: 1, result: { protocolVersion: '2024-11-05' } });
    expect((await h(post({ jsonrpc: '2.0', method: 'notifications/initialized' }, {}, url))).status).toBe(202);
    await h(post({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: { text: 'old' } } }, {}, url));
    const event = await reader.next();
    expect(event?.event).toBe('message');
    expect(JSON.parse(event?.data ?? '')).toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { content: [{ type: 'text', text: 'echo: old' }] },
    });
    await reader.cancel();
  });

  it('a closed stream ends the session: its endpoint then gets 404', async () => {
    const h = serve();
    const { reader, endpoint } = await connect(h);
    expect(server.sessions.size).toBe(1);
    await reader.cancel();
    await new Promise((r) => setTimeout(r, 5));
    expect(server.sessions.size).toBe(0);
    expect(h.http.sessions.size).toBe(0);
    const res = await h(post({ jsonrpc: '2.0', method: 'notifications/initialized' }, {}, `http://localhost${endpoint}`));
    expect(res.status).toBe(404);
  });

  it('rejects a missing or unknown sessionId, and a Streamable HTTP session id on /messages', async () => {
    const h = serve();
    expect((await h(post({ jsonrpc: '2.0', method: 'x' }, {}, 'http://localhost/messages'))).status).toBe(400);
    expect((await h(post({ jsonrpc: '2.0', method: 'x' }, {}, 'http://localhost/messages?sessionId=nope'))).status).toBe(404);
    const sid = await openSession(h);
    expect((await h(post({ jsonrpc: '2.0', method: 'x' }, {}, `http://localhost/messages?sessionId=${sid}`))).status).toBe(404);
  });

  it('an HTTP+SSE session id is not a Streamable HTTP session', async () => {
    const h = serve();
    const { reader, endpoint } = await connect(h);
    const id = decodeURIComponent(endpoint.split('=')[1] ?? '');
    const res = await h(post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'mcp-session-id': id }));
    expect(res.status).toBe(404);
    await reader.cancel();
  });

  it('serves configured paths, or none', async () => {
    const h = serve({ httpSse: { ssePath: '/old/sse', messagesPath: '/old/messages' } });
    const { reader, endpoint } = await connect(h, '/old/sse');
    expect(endpoint.startsWith('/old/messages?sessionId=')).toBe(true);
    await reader.cancel();
    await handler.close();
    const off = serve({ httpSse: false });
    expect((await off(new Request('http://localhost/sse', { headers: { accept: 'text/event-stream' } }))).status).toBe(404);
  });

  it('still honours the deprecated legacySse option', async () => {
    const off = serve({ legacySse: false });
    expect((await off(new Request('http://localhost/sse', { headers: { accept: 'text/event-stream' } }))).status).toBe(404);
    await off.close();
    const moved = serve({ legacySse: { ssePath: '/old/sse' } });
    const { reader } = await connect(moved, '/old/sse');
    await reader.cancel();
  });
});
