#!/usr/bin/env node
/**
 * Notification-heavy load: one `tools/call` whose handler sends `count`
 * progress notifications before its result, full stack (each client against
 * its own server), mcpkit and the official v2 SDK side by side. Over HTTP the
 * notifications travel on the request's SSE stream. A development tool, not
 * part of `npm run bench`: CPU per notification on both sides, and whether
 * every notification arrived.
 *
 *   node bench/notify.mjs [stdio|http] [count=2000] [calls=10] [impls=mcpkit,v2]
 */
import { serverArgs, serverEnv, serverStats, spawnHttpServer } from './lib/driver.mjs';

const [transport = 'stdio', count = 2000, calls = 10, impls = 'mcpkit,v2'] = process.argv
  .slice(2)
  .map((a, i) => (i === 0 || i === 3 ? a : Number(a)));
const children = [];
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

function config(server) {
  return { transport, mode: 'session', server, notify: true, statsFile: `/tmp/mcpkit-notify-${process.pid}-${server}` };
}

async function httpUrl(cfg) {
  const { url, child } = await spawnHttpServer(cfg);
  children.push(child);
  return new URL(url);
}

/** A connected client of `impl` and a `call()` that resolves with the number of notifications seen. */
async function connect(impl, cfg) {
  const stdio = { command: process.execPath, args: serverArgs(cfg), env: serverEnv(cfg) };
  if (impl === 'mcpkit') {
    const { McpClient } = await import('mcpkit/client');
    const { StdioClientTransport, connectHttp } = await import('mcpkit/node');
    const client = new McpClient({ name: 'notify', version: '1.0.0', era: 'legacy' });
    await client.connect(transport === 'stdio' ? new StdioClientTransport(stdio) : await connectHttp(await httpUrl(cfg)));
    return {
      client,
      call: async () => {
        let seen = 0;
        await client.callTool({ name: 'notify', arguments: { count } }, { onProgress: () => seen++ });
        return seen;
      },
    };
  }
  const { Client, StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client');
  const { StdioClientTransport } = await import('@modelcontextprotocol/client/stdio');
  const client = new Client({ name: 'notify', version: '1.0.0' });
  await client.connect(
    transport === 'stdio' ? new StdioClientTransport(stdio) : new StreamableHTTPClientTransport(await httpUrl(cfg)),
  );
  return {
    client,
    call: async () => {
      let seen = 0;
      await client.callTool({ name: 'notify', arguments: { count } }, { onprogress: () => seen++ });
      return seen;
    },
  };
}

for (const impl of impls.split(',')) {
  const cfg = config(impl);
  const { client, call } = await connect(impl, cfg);
  for (let i = 0; i < 3; i++) await call();
  const s0 = await serverStats(cfg.statsFile);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  let seen = 0;
  for (let i = 0; i < calls; i++) seen += await call();
  const cpu = process.cpuUsage(c0);
  const ms = performance.now() - t0;
  const s1 = await serverStats(cfg.statsFile);
  const n = calls * count;
  console.log(
    `${impl.padEnd(6)} ${transport}: ${Math.round(n / (ms / 1000)).toLocaleString('en-US')} notifications/s, ` +
      `server CPU ${((s1.cpu - s0.cpu) / n).toFixed(2)} µs and client CPU ${((cpu.user + cpu.system) / n).toFixed(2)} µs per notification, ` +
      `${seen} of ${n} seen`,
  );
  await client.close();
}
process.exit(0);
