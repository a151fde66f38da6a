// The fetch face follows redirects itself so that only the protocol's headers
// reach another origin (fetch would carry an X-Api-Key along); two loopback
// ports are two origins.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchHttpClient } from './fetchHttpClient.js';

const servers: Server[] = [];
const seen: { path: string; method: string; headers: IncomingHttpHeaders }[] = [];
let a = '';
let b = '';

async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
}

beforeAll(async () => {
  b = await listen((req, res) => {
    seen.push({ path: `b${req.url ?? ''}`, method: req.method ?? '', headers: req.headers });
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"at":"b"}');
  });
  a = await listen((req, res) => {
    seen.push({ path: `a${req.url ?? ''}`, method: req.method ?? '', headers: req.headers });
    req.resume();
    if (req.url === '/same') res.writeHead(307, { location: '/mcp' }).end();
    else if (req.url === '/away') res.writeHead(308, { location: `${b}/mcp` }).end();
    else res.writeHead(200, { 'content-type': 'application/json' }).end('{"at":"a"}');
  });
});

afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
  'mcp-session-id': 's-1',
  authorization: 'Bearer t',
  'x-api-key': 'key-1',
  cookie: 'c=1',
};

async function send(path: string): Promise<{ url: string; text: string }> {
  const reply = await new FetchHttpClient().request({
    method: 'POST',
    url: new URL(path, a),
    headers: HEADERS,
    body: '{"x":1}',
    signal: new AbortController().signal,
  });
  return { url: reply.url, text: await reply.text() };
}

describe('FetchHttpClient redirects', () => {
  it('keeps every header and the body on a same-origin 307', async () => {
    seen.length = 0;
    expect(await send('/same')).toEqual({ url: `${a}/mcp`, text: '{"at":"a"}' });
    expect(seen.map((s) => `${s.path} ${s.method} ${String(s.headers['x-api-key'])}`)).toEqual([
      'a/same POST key-1',
      'a/mcp POST key-1',
    ]);
  });

  it('sends only the protocol headers to another origin', async () => {
    seen.length = 0;
    expect(await send('/away')).toEqual({ url: `${b}/mcp`, text: '{"at":"b"}' });
    const there = seen.find((s) => s.path === 'b/mcp')?.headers ?? {};
    expect(there['x-api-key']).toBeUndefined();
    expect(there['authorization']).toBeUndefined();
    expect(there['cookie']).toBeUndefined();
    expect(there['mcp-protocol-version']).toBe('2025-11-25');
    expect(there['mcp-session-id']).toBe('s-1');
    expect(there['content-type']).toBe('application/json');
  });
});
