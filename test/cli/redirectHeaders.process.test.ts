// The built CLI, pointed at an endpoint that redirects to another origin (two
// loopback ports are two origins): the call completes there, but the headers
// the user set (an API key, a cookie, a bearer given with -H) stay on the
// origin they were given for; a same-origin redirect keeps them.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertCliBuilt, startHttpServer, type HttpServerProcess } from '../support/process.js';
import { recordingProxy, type RecordingProxy } from './proxy.js';
import { runCli } from './run.js';

let server: HttpServerProcess;
let elsewhere: RecordingProxy;
let front: Server;
let frontUrl: string;
const frontSeen: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  assertCliBuilt();
  server = await startHttpServer();
  elsewhere = await recordingProxy(server.url.href);
  // The endpoint the user named: /mcp redirects to the other origin, /same to its own /mcp.
  front = createServer((req, res) => {
    frontSeen.push(req.headers);
    req.resume();
    const location = req.url === '/same' ? '/mcp' : elsewhere.url;
    res.writeHead(307, { location }).end();
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  frontUrl = `http://127.0.0.1:${String((front.address() as AddressInfo).port)}`;
});

afterAll(async () => {
  front.closeAllConnections();
  await new Promise((resolve) => front.close(resolve));
  await elsewhere.close();
  await server.stop();
});

const CREDENTIALS = ['-H', 'X-Api-Key: key-123', '-H', 'Cookie: session=c00kie', '-H', 'X-Tenant: acme'];

describe('headers on a redirect to another origin', () => {
  it('are dropped: the call completes at the other origin without the API key, the cookie or the custom header', async () => {
    const run = await runCli(['call', 'echo', '--arg', 'message=redirected', ...CREDENTIALS, `${frontUrl}/mcp`, '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('redirected');
    expect(frontSeen.some((h) => h['x-api-key'] === 'key-123')).toBe(true);
    expect(elsewhere.seen.length).toBeGreaterThan(0);
    for (const headers of elsewhere.seen) {
      expect(headers['x-api-key']).toBeUndefined();
      expect(headers['cookie']).toBeUndefined();
      expect(headers['x-tenant']).toBeUndefined();
      expect(headers['authorization']).toBeUndefined();
    }
    expect(elsewhere.seen.some((h) => h['mcp-protocol-version'] !== undefined)).toBe(true);
  });

  it('are dropped for a bearer given with -H too', async () => {
    const before = elsewhere.seen.length;
    await runCli(['call', 'echo', '--arg', 'message=x', '-H', 'Authorization: Bearer tok-456', `${frontUrl}/mcp`, '--json']);
    const after = elsewhere.seen.slice(before);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((h) => h['authorization'] === undefined)).toBe(true);
  });
});
