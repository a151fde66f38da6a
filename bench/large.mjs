#!/usr/bin/env node
/**
 * Large payloads: the echo tool with a message of `size` characters, full
 * stack (each client against its own server), mcpkit and the official v2 SDK
 * side by side. A development tool, not part of `npm run bench`: it shows
 * whether cost grows with the payload and nothing worse.
 *
 *   node bench/large.mjs [size=1000000] [stdio|http] [calls=20]
 *
 * mcpkit's HTTP server refuses bodies over 4 MiB by default (413), so HTTP
 * sizes stay below that.
 */
import { spawnHttpServer } from './lib/driver.mjs';

const [size = 1_000_000, transport = 'stdio', calls = 20] = process.argv.slice(2).map((a, i) => (i === 1 ? a : Number(a)));
const message = 'x'.repeat(size);
const env = { PATH: process.env.PATH ?? '', BENCH_STATS: `/tmp/mcpkit-large-${process.pid}` };
const here = new URL('.', import.meta.url).pathname;
const children = [];
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

async function httpUrl(server) {
  const { url, child } = await spawnHttpServer({ transport: 'http', server, mode: 'session', statsFile: env.BENCH_STATS });
  children.push(child);
  return new URL(url);
}

async function connect(impl) {
  const args = [`${here}servers/${impl}-stdio.mjs`];
  if (impl === 'mcpkit') {
    const { McpClient } = await import('mcpkit/client');
    const { StdioClientTransport, connectHttp } = await import('mcpkit/node');
    const client = new McpClient({ name: 'large', version: '1.0.0', era: 'legacy' });
    await client.connect(
      transport === 'stdio'
        ? new StdioClientTransport({ command: process.execPath, args, env })
        : await connectHttp(await httpUrl('mcpkit')),
    );
    return client;
  }
  const { Client, StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client');
  const { StdioClientTransport } = await import('@modelcontextprotocol/client/stdio');
  const client = new Client({ name: 'large', version: '1.0.0' });
  await client.connect(
    transport === 'stdio'
      ? new StdioClientTransport({ command: process.execPath, args, env })
      : new StreamableHTTPClientTransport(await httpUrl('v2')),
  );
  return client;
}

for (const impl of ['mcpkit', 'v2']) {
  const client = await connect(impl);
  const call = async () => {
    const result = await client.callTool({ name: 'echo', arguments: { message } });
    if (result.content[0].text.length !== size) throw new Error(`${impl}: the echo came back changed`);
  };
  for (let i = 0; i < 3; i++) await call();
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  for (let i = 0; i < calls; i++) await call();
  const cpu = process.cpuUsage(c0);
  const ms = (performance.now() - t0) / calls;
  console.log(
    `${impl.padEnd(6)} ${transport} ${size} chars: ${ms.toFixed(2)} ms/call, client CPU ${((cpu.user + cpu.system) / 1000 / calls).toFixed(2)} ms/call`,
  );
  await client.close();
}
process.exit(0);
