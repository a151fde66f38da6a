// An attack on the gateway's rate limit over real HTTP (loopback, in process):
// without a token, a caller may not get a fresh allowance by opening sessions.
import { afterEach, describe, expect, it } from 'vitest';
import { McpClient } from 'mcpkit/client';
import type { Connector, ServerConfig } from 'mcpkit/host';
import { httpTransport } from 'mcpkit/http';
import { createInMemoryPair } from 'mcpkit/jsonrpc';
import { serveHttp, type HttpServerHandle } from 'mcpkit/node';
import { McpServer } from 'mcpkit/server';
import { callerKey } from './callerKey.js';
import { Gateway } from './gateway.js';

const connector: Connector = () => {
  const [clientSide, serverSide] = createInMemoryPair();
  const server = new McpServer({ name: 'up', version: '1.0.0' });
  server.tool({ name: 'echo' }, () => 'ok');
  void server.connect(serverSide);
  return clientSide;
};

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
});

describe('the rate limit without a token', () => {
  it('counts every session from one address against one allowance', async () => {
    const servers: ServerConfig[] = [{ name: 'up', type: 'stdio', command: 'up', args: [], env: {} }];
    const gateway = new Gateway({ servers, settings: { perMinute: 5 }, connector, log: () => undefined });
    cleanups.push(() => gateway.close());
    await gateway.start();
    // What the requests that got past the limit were counted against.
    const keys = new Set<string>();
    gateway.server.use((next) => (request, ctx) => {
      keys.add(callerKey(ctx));
      return next(request, ctx);
    });
    const http: HttpServerHandle = await serveHttp(gateway.server, { port: 0, host: '127.0.0.1' });
    cleanups.push(() => http.close());
    const started = Date.now();
    let accepted = 0;
    let refused = 0;
    for (let session = 0; session < 6; session++) {
      const client = new McpClient({ name: `caller-${String(session)}`, version: '1.0.0', era: 'handshake' });
      cleanups.push(() => client.close());
      // Opening a session is a request too: once the allowance is gone, so is that.
      const connected = await client.connect(httpTransport(new URL('/mcp', http.url).href)).then(
        () => true,
        () => false,
      );
      for (let call = 0; call < 5; call++) {
        if (!connected) break;
        await client.callTool({ name: 'up_echo' }).then(
          () => accepted++,
          (e: unknown) => {
            expect(String(e)).toMatch(/Rate limit exceeded/);
            refused++;
          },
        );
      }
    }
    // The bucket refills at 5 a minute: what a slow machine's run may have added.
    const refill = Math.ceil((Date.now() - started) / 12_000);
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThanOrEqual(5 + refill);
    expect(refused).toBeGreaterThan(0);
    expect([...keys]).toEqual(['address:127.0.0.1']);
  });
});
