// The native node:http face on an ephemeral port: serveHttp's safe defaults,
// streamed body limits, raw header handling, Express-style mounting, and
// cancellation when the client hangs up.
import { request as httpRequest, createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createNodeHandler } from '../../src/node/http/server/nodeHandler.js';
import { defaultAllowedHosts, serveHttp, type HttpServerHandle } from '../../src/node/http/server/serveHttp.js';
import { LOOPBACK_HOSTS } from '../../src/http/server/guards.js';
import { makeFixture, type Fixture } from './fixture.js';
import { ACCEPT_BOTH, SseReader } from './webClient.js';

let served: HttpServerHandle | undefined;
let plain: Server | undefined;
let fixture: Fixture;

afterEach(async () => {
  await served?.close();
  served = undefined;
  if (plain !== undefined) await new Promise((r) => plain?.close(r));
  plain = undefined;
});

async function serve(options: Parameters<typeof serveHttp>[1] = {}): Promise<HttpServerHandle> {
  fixture = makeFixture();
  served = await serveHttp(fixture.server, options);
  return served;
}

interface RawResponse {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A raw request: any Host, any header bytes, body written in chunks. */
function raw(
  url: string,
  options: { method?: string; headers?: Record<string, string>; chunks?: (string | Buffer)[] } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'POST', headers: options.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
    });
    req.on('error', reject);
    for (const c of options.chunks ?? []) req.write(c);
    req.end();
  });
}

const JSON_POST = { accept: ACCEPT_BOTH, 'content-type': 'application/json' };
const INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
});
const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

describe('serveHttp', () => {
  it('binds 127.0.0.1 by default and reports the endpoint URL', async () => {
    const s = await serve();
    expect((s.server.address() as AddressInfo).address).toBe('127.0.0.1');
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const res = await fetch(s.url, { method: 'POST', headers: JSON_POST, body: INIT });
    expect(res.status).toBe(200);
    expect(res.headers.get('mcp-session-id')).toMatch(/^[\x21-\x7e]+$/);
  });

  it('on a loopback bind, refuses foreign Host headers (DNS rebinding) and accepts loopback names', async () => {
    const s = await serve();
    const port = new URL(s.url).port;
    const evil = await raw(s.url, { headers: { ...JSON_POST, host: `evil.example:${port}` }, chunks: [INIT] });
    expect(evil.status).toBe(403);
    expect(JSON.parse(evil.body)).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'localhost']) {
      expect((await raw(s.url, { headers: { ...JSON_POST, host }, chunks: [INIT] })).status, host).toBe(200);
    }
    const evilOrigin = await raw(s.url, { headers: { ...JSON_POST, origin: 'http://evil.example' }, chunks: [INIT] });
    expect(evilOrigin.status).toBe(403);
  });

  // One loopback check (mcpkit/protocol's isLoopbackHost) decides where the Host check is on. Unlike the
  // case-sensitive twin it replaced, it knows LOCALHOST; and a loopback address besides 127.0.0.1 is
  // allowed under its own name, which its URL carries.
  it('checks Host on every loopback address, in any case, and only there', () => {
    for (const host of ['127.0.0.1', 'localhost', 'LOCALHOST', 'LocalHost', '::1', '[::1]']) {
      expect(defaultAllowedHosts(host), host).toEqual(LOOPBACK_HOSTS);
    }
    expect(defaultAllowedHosts('127.0.0.2')).toEqual([...LOOPBACK_HOSTS, '127.0.0.2']);
    expect(defaultAllowedHosts('127.1.2.3')).toEqual([...LOOPBACK_HOSTS, '127.1.2.3']);
    for (const host of ['0.0.0.0', '::', '[::]', '192.168.1.2', 'example.com', 'localhost.example', '127.0.0.1.example']) {
      expect(defaultAllowedHosts(host), host).toBeUndefined();
    }
  });

  it('bound to LOCALHOST, refuses a foreign Host (the old check took it for a public name)', async () => {
    const s = await serve({ host: 'LOCALHOST' });
    expect(s.url).toMatch(/^http:\/\/localhost:\d+\/mcp$/);
    const port = new URL(s.url).port;
    const evil = await raw(s.url, { headers: { ...JSON_POST, host: `evil.example:${port}` }, chunks: [INIT] });
    expect(evil.status).toBe(403);
    const own = await raw(s.url, { headers: { ...JSON_POST, host: `LOCALHOST:${port}` }, chunks: [INIT] });
    expect(own.status).toBe(200);
  });

  it('binds [::1] as written in a URL, and answers there', async (ctx) => {
    let s: HttpServerHandle;
    try {
      s = await serve({ host: '[::1]' });
    } catch (e) {
      // A machine without IPv6 loopback cannot run this; say so rather than pass.
      if ((e as NodeJS.ErrnoException).code === 'EADDRNOTAVAIL') return ctx.skip('no IPv6 loopback here');
      throw e;
    }
    expect(s.url).toMatch(/^http:\/\/\[::1\]:\d+\/mcp$/);
    const port = new URL(s.url).port;
    expect((await raw(s.url, { headers: JSON_POST, chunks: [INIT] })).status).toBe(200);
    const evil = await raw(s.url, { headers: { ...JSON_POST, host: `evil.example:${port}` }, chunks: [INIT] });
    expect(evil.status).toBe(403);
  });

  it('413 for a chunked body over the limit, without keeping it', async () => {
    const s = await serve({ maxBodyBytes: 64 * 1024 });
    const chunk = Buffer.alloc(32 * 1024, 0x20);
    const res = await new Promise<RawResponse>((resolve, reject) => {
      const req = httpRequest(s.url, { method: 'POST', headers: { ...JSON_POST, 'transfer-encoding': 'chunked' } }, (r) => {
        let body = '';
        r.on('data', (c: Buffer) => (body += c.toString()));
        r.on('end', () => {
          resolve({ status: r.statusCode ?? 0, headers: r.headers, body });
        });
      });
      req.on('error', reject);
      let written = 0;
      const pump = (): void => {
        while (written < 200 && !req.destroyed) {
          written++;
          if (!req.write(chunk)) {
            req.once('drain', pump);
            return;
          }
        }
        req.end();
      };
      pump();
    }).catch((error: unknown): RawResponse => ({ status: -1, headers: {}, body: String(error) }));
    expect(res.status).toBe(413);
    expect(res.headers['connection']).toBe('close');
  });

  it('strips optional whitespace around header values', async () => {
    const s = await serve();
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: META } });
    const res = await raw(s.url, {
      headers: { ...JSON_POST, 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/list\t' },
      chunks: [body],
    });
    expect(res.status).toBe(200);
    const wrong = await raw(s.url, {
      headers: { ...JSON_POST, 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'Tools/List' },
      chunks: [body],
    });
    expect(wrong.status).toBe(400);
  });

  it('cancels a stateless request when the client hangs up', async () => {
    const s = await serve();
    const abort = new AbortController();
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'slow', arguments: { ms: 5000 }, _meta: META },
    });
    const pending = fetch(s.url, {
      method: 'POST',
      signal: abort.signal,
      headers: { ...JSON_POST, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'slow' },
      body,
    }).catch(() => undefined);
    const start = Date.now();
    while (fixture.server.sessions.size === 0 && Date.now() - start < 2000) await new Promise((r) => setTimeout(r, 5));
    abort.abort();
    await pending;
    while (fixture.hooks.aborted.length === 0 && Date.now() - start < 2000) await new Promise((r) => setTimeout(r, 5));
    expect(fixture.hooks.aborted).toEqual(['slow']);
    await new Promise((r) => setTimeout(r, 5));
    expect(fixture.server.sessions.size).toBe(0);
  });

  it('writes SSE frames and keep-alive comments straight to the response', async () => {
    const s = await serve({ keepAliveMs: 15 });
    const init = await fetch(s.url, { method: 'POST', headers: JSON_POST, body: INIT });
    const sid = init.headers.get('mcp-session-id') ?? '';
    const get = await fetch(s.url, { headers: { accept: 'text/event-stream', 'mcp-session-id': sid } });
    expect(get.headers.get('content-type')).toBe('text/event-stream');
    expect(get.headers.get('x-accel-buffering')).toBe('no');
    const reader = new SseReader(get);
    expect(await reader.next()).toMatchObject({ id: '0_0', data: '' });
    expect(await reader.next()).toEqual({ comment: 'keep-alive' });
    await s.close();
    served = undefined;
    expect(await reader.next()).toBeUndefined();
  });
});

describe('createNodeHandler', () => {
  async function listen(listener: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
    plain = createServer(listener);
    await new Promise<void>((r) => plain?.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
  }

  it('works as Express-style middleware: other paths go to next()', async () => {
    fixture = makeFixture();
    const handler = createNodeHandler(fixture.server);
    const base = await listen((req, res) => {
      handler(req, res, () => {
        res.writeHead(418).end('next');
      });
    });
    const other = await fetch(`${base}/health`);
    expect(other.status).toBe(418);
    expect(await other.text()).toBe('next');
    expect((await fetch(`${base}/mcp`, { method: 'POST', headers: JSON_POST, body: INIT })).status).toBe(200);
    await handler.close();
  });

  it('without next(), other paths are 404', async () => {
    fixture = makeFixture();
    const handler = createNodeHandler(fixture.server);
    const base = await listen(handler);
    expect((await fetch(`${base}/elsewhere`, { method: 'POST', headers: JSON_POST, body: INIT })).status).toBe(404);
    await handler.close();
  });

  it('accepts a body a framework already parsed (express.json())', async () => {
    fixture = makeFixture();
    const handler = createNodeHandler(fixture.server);
    const base = await listen((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        (req as IncomingMessage & { body?: unknown }).body = JSON.parse(text);
        handler(req, res, () => undefined);
      });
    });
    const res = await fetch(`${base}/mcp`, { method: 'POST', headers: JSON_POST, body: INIT });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: 1, result: { protocolVersion: '2025-11-25' } });
    await handler.close();
  });

  it('passes req.auth to handlers and binds the session to it', async () => {
    fixture = makeFixture();
    const seen: unknown[] = [];
    fixture.server.tool({ name: 'whoami', description: 'who' }, (_args, ctx) => {
      seen.push(ctx.auth);
      return String(ctx.principal);
    });
    const handler = createNodeHandler(fixture.server);
    const base = await listen((req, res) => {
      (req as IncomingMessage & { auth?: unknown }).auth = { sub: req.headers['x-user'] };
      handler(req, res);
    });
    const init = await fetch(`${base}/mcp`, { method: 'POST', headers: { ...JSON_POST, 'x-user': 'alice' }, body: INIT });
    const sid = init.headers.get('mcp-session-id') ?? '';
    const call = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'whoami', arguments: {} } });
    const alice = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { ...JSON_POST, 'x-user': 'alice', 'mcp-session-id': sid },
      body: call,
    });
    expect(await alice.json()).toMatchObject({ result: { content: [{ text: 'alice' }] } });
    expect(seen).toEqual([{ sub: 'alice' }]);
    const bob = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { ...JSON_POST, 'x-user': 'bob', 'mcp-session-id': sid },
      body: call,
    });
    expect(bob.status).toBe(404);
    await handler.close();
  });
});
