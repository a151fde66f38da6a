/** mcpkit over Streamable HTTP: `serveHttp` (native `node:http` path; both eras on one endpoint). */
import '../lib/stats.mjs';
import { serveHttp } from '../.ab-base/packages/mcpkit/dist/node/index.js';
import { McpServer } from '../.ab-base/packages/mcpkit/dist/server/index.js';
import { defineEcho } from './mcpkit-echo.mjs';

const server = defineEcho(new McpServer({ name: 'mcpkit-echo', version: '1.0.0' }));
const handle = await serveHttp(server, { port: 0 });
handle.server.keepAliveTimeout = 60_000;
process.stdout.write(`LISTENING ${handle.url}\n`);
