/**
 * Official SDK v2 over Streamable HTTP on `node:http`, through `@hono/node-server`'s
 * `getRequestListener` (the Node→web-standard bridge the SDK's Node adapter uses).
 * BENCH_MODE=stateless: `createMcpHandler` (2026-07-28, a server per request).
 * Otherwise: one `WebStandardStreamableHTTPServerTransport` + `McpServer` per session.
 */
import '../lib/stats.mjs';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createMcpHandler, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { createEchoServer } from './v2-echo.mjs';

let fetchHandler;
if (process.env.BENCH_MODE === 'stateless') {
  const handler = createMcpHandler(() => createEchoServer());
  fetchHandler = (request) => handler.fetch(request);
} else {
  const transports = new Map();
  fetchHandler = async (request) => {
    const sid = request.headers.get('mcp-session-id');
    if (sid !== null) {
      const transport = transports.get(sid);
      if (transport === undefined) return new globalThis.Response('Session not found', { status: 404 });
      return transport.handleRequest(request);
    }
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports.set(id, transport);
      },
      onsessionclosed: (id) => {
        transports.delete(id);
      },
    });
    await createEchoServer().connect(transport);
    return transport.handleRequest(request);
  };
}

const server = createServer(getRequestListener(fetchHandler));
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`LISTENING http://127.0.0.1:${server.address().port}/mcp\n`);
});
