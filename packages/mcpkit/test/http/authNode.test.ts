// The `auth` option on the Node face: serveHttp's resource is the URL it
// listens on, and createNodeHandler as middleware serves the metadata path
// and passes other paths on.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthOptions } from '../../src/http/server/auth/authOptions.js';
import { createNodeHandler } from '../../src/node/http/server/nodeHandler.js';
import { serveHttp, type HttpServerHandle } from '../../src/node/http/server/serveHttp.js';
import { McpServer } from '../../src/server/server.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const auth: AuthOptions = {
  verifier: () => Promise.resolve({ ok: false, reason: 'no tokens here' }),
  authorizationServers: ['https://auth.example'],
};

function server(): McpServer {
  const s = new McpServer({ name: 'node-auth', version: '1.0.0' });
  s.tool({ name: 'noop' }, () => 'ok');
  return s;
}

describe('auth on the Node face', () => {
  it('serveHttp uses the URL it listens on as the resource, in the metadata and the challenge', async () => {
    const handle: HttpServerHandle = await serveHttp(server(), { auth, path: '/api/mcp' });
    closers.push(() => handle.close());
    const origin = new URL(handle.url).origin;
    const prm = await fetch(`${origin}/.well-known/oauth-protected-resource/api/mcp`);
    expect(await prm.json()).toMatchObject({ resource: handle.url, authorization_servers: ['https://auth.example'] });
    const refused = await fetch(handle.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: 'Bearer x' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe(
      `Bearer error="invalid_token", error_description="no tokens here", resource_metadata="${origin}/.well-known/oauth-protected-resource/api/mcp"`,
    );
  });

  it('an explicit resource wins (a server behind a proxy)', async () => {
    const handle = await serveHttp(server(), { auth: { ...auth, resource: 'https://mcp.example.com/mcp' } });
    closers.push(() => handle.close());
    const prm = await fetch(`${new URL(handle.url).origin}/.well-known/oauth-protected-resource/mcp`);
    expect(await prm.json()).toMatchObject({ resource: 'https://mcp.example.com/mcp' });
  });

  it('as middleware, serves the metadata path and passes other paths on', async () => {
    const handler = createNodeHandler(server(), { auth: { ...auth, resource: 'http://127.0.0.1/mcp' } });
    const passed: string[] = [];
    const http = createServer((req: IncomingMessage, res: ServerResponse) => {
      handler(req, res, () => {
        passed.push(req.url ?? '');
        res.writeHead(418).end();
      });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    closers.push(async () => {
      await handler.close();
      await new Promise<void>((resolve) =>
        http.close(() => {
          resolve();
        }),
      );
    });
    const base = `http://127.0.0.1:${String((http.address() as AddressInfo).port)}`;
    expect((await fetch(`${base}/.well-known/oauth-protected-resource/mcp`)).status).toBe(200);
    expect((await fetch(`${base}/elsewhere`)).status).toBe(418);
    expect(passed).toEqual(['/elsewhere']);
  });
});
