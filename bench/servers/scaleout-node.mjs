/* global process, console */
// One process of the scale-out benchmark: an echo tool over Streamable HTTP,
// sharing its sessions through Redis when given --redis URL. Prints {"url"}
// once listening; answers each "cpu" line on stdin with its CPU time so far (µs).
import { createInterface } from 'node:readline';
import { serveHttp } from 'mcpkit/node';
import { redisStore } from 'mcpkit/redis';
import { McpServer } from 'mcpkit/server';

const at = process.argv.indexOf('--redis');
const url = at < 0 ? undefined : process.argv[at + 1];
const server = new McpServer({ name: 'bench-scaleout', version: '1.0.0', secret: 'the bench processes share this secret' });
server.tool(
  { name: 'echo', input: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } },
  ({ message }) => message,
);
// The same as a task: a task round trip is its `tools/call` and `tasks/result`.
server.tool(
  {
    name: 'job',
    execution: { taskSupport: 'optional' },
    input: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  },
  ({ message }) => message,
);
const store = url === undefined ? undefined : redisStore({ url });
await store?.ready();
const handle = await serveHttp(server, { port: 0, ...(store && { store }) });
console.log(JSON.stringify({ url: handle.url }));
for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() !== 'cpu') continue;
  const { user, system } = process.cpuUsage();
  console.log(JSON.stringify({ cpu: user + system }));
}
await handle.close();
await store?.close();
process.exit(0);
