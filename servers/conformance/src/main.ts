/**
 * Serves the conformance fixture over Streamable HTTP (both eras at one
 * endpoint, plus HTTP+SSE) and prints `listening <url>` once ready.
 * Usage: `node dist/main.js [--port N]` (default: an ephemeral port).
 *
 * @module
 */
import { parseArgs } from 'node:util';
import { serveHttp } from 'mcpkit/node';
import { createConformanceServer } from './fixture.js';

const { values } = parseArgs({ options: { port: { type: 'string', default: '0' } } });
const server = createConformanceServer();
const http = await serveHttp(server, { port: Number(values.port), host: '127.0.0.1' });
process.stdout.write(`listening ${http.url}\n`);

const stop = (): void => {
  void http.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
