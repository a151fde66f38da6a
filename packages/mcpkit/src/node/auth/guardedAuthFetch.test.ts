// The OAuth client's fetch on Node judges a host name by the address the
// connection reaches: a name a public server hands over that resolves to this
// machine (DNS rebinding, a wildcard DNS service) reaches nothing, while a
// local server's local authorization server still works. A real listener on
// 127.0.0.1 plays "this machine's service"; a fake resolver places names.
import type { lookup as dnsLookup, LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressRule, AuthorizationError } from '../../auth/index.js';
import { guardedAuthFetch } from './guardedAuthFetch.js';

let server: Server;
let port: number;
let hits = 0;
let connections = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits++;
    if (req.url === '/big') res.end('x'.repeat(4096));
    else res.writeHead(200, { 'content-type': 'application/json' }).end('{"secret":"local service"}');
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** A resolver that knows a few names, each at one address. */
function resolver(names: Record<string, string>): typeof dnsLookup {
  const lookup = (host: string, _options: unknown, callback: (e: Error | null, a: LookupAddress[]) => void): void => {
    const address = names[host];
    if (address === undefined) callback(Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' }), []);
    else callback(null, [{ address, family: address.includes(':') ? 6 : 4 }]);
  };
  return lookup as unknown as typeof dnsLookup;
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (e: unknown) => e,
  );
}

describe('guardedAuthFetch', () => {
  it('refuses a name that resolves to loopback when the MCP server is public; nothing reaches the local service', async () => {
    const resolve = resolver({ 'mcp.example.com': '93.184.216.34', 'rebind.example.com': '127.0.0.1' });
    const fetch = guardedAuthFetch({ resolve })(new AddressRule(new URL('https://mcp.example.com/mcp')));
    const before = hits;
    const error = await failure(fetch(`http://rebind.example.com:${port}/`, { method: 'GET' }));
    expect(error).toBeInstanceOf(AuthorizationError);
    expect((error as AuthorizationError).reason).toBe('refused_url');
    expect((error as Error).message).toContain('rebind.example.com resolves to 127.0.0.1, a loopback address');
    expect((error as Error).message).not.toContain('local service');
    expect(hits).toBe(before);
  });

  it('refuses an address literal the lookup never sees before connecting: not even a connection is made', async () => {
    const resolve = resolver({ 'mcp.example.com': '93.184.216.34' });
    const fetch = guardedAuthFetch({ resolve })(new AddressRule(new URL('https://mcp.example.com/mcp')));
    const before = connections;
    const error = await failure(fetch(`http://127.0.0.1:${port}/`, { method: 'GET' }));
    expect((error as AuthorizationError).reason).toBe('refused_url');
    const v6 = await failure(fetch(`http://[::1]:${port}/`, { method: 'GET' }));
    expect((v6 as AuthorizationError).reason).toBe('refused_url');
    expect(connections).toBe(before);
  });

  it('lets a loopback MCP server reach loopback, by name or address', async () => {
    const fetch = guardedAuthFetch()(new AddressRule(new URL(`http://127.0.0.1:${port}/mcp`)));
    const byAddress = await fetch(`http://127.0.0.1:${port}/`, { method: 'GET' });
    expect(await byAddress.json()).toEqual({ secret: 'local service' });
    const byName = await fetch(`http://localhost:${port}/`, { method: 'GET' });
    expect(byName.status).toBe(200);
  });

  it('lets a server whose name resolves to loopback reach loopback', async () => {
    const resolve = resolver({ 'dev.test': '127.0.0.1', 'as.test': '127.0.0.1' });
    const fetch = guardedAuthFetch({ resolve })(new AddressRule(new URL('http://dev.test:3000/mcp')));
    const reply = await fetch(`http://as.test:${port}/`, { method: 'GET' });
    expect(reply.status).toBe(200);
  });

  it('cuts off a body larger than the limit', async () => {
    const fetch = guardedAuthFetch({ maxBytes: 1024 })(new AddressRule(new URL(`http://127.0.0.1:${port}/mcp`)));
    const error = await failure(fetch(`http://127.0.0.1:${port}/big`, { method: 'GET' }));
    expect((error as Error).message).toContain('larger than 1024 bytes');
  });
});
