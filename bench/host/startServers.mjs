#!/usr/bin/env node
/**
 * How long a host takes to start `count` stdio servers (spawn, handshake,
 * list): all at once (`host.start()`), and, for comparison, one after
 * another. Concurrent start should cost about one server's time, not the sum.
 * Prints one JSON line.
 */
import { NodeHost } from 'mcpkit/host';

const { server, count, sequential } = JSON.parse(process.argv[2]);
const config = (i) => ({ name: `s${String(i)}`, type: 'stdio', command: process.execPath, args: [server], env: {} });
const options = { logDir: false, policy: { default: 'allow' } };

async function timeStart(servers) {
  const host = new NodeHost({ ...options, servers });
  const started = performance.now();
  await host.start();
  const ms = performance.now() - started;
  const ready = host.servers().filter((s) => s.state === 'ready').length;
  await host.close();
  if (ready !== servers.length) throw new Error(`${String(servers.length - ready)} servers failed to start`);
  return ms;
}

await timeStart([config(0)]); // warm the file cache
const oneMs = await timeStart([config(0)]);
const concurrentMs = await timeStart(Array.from({ length: count }, (_, i) => config(i)));
let sequentialMs;
if (sequential) {
  sequentialMs = 0;
  for (let i = 0; i < count; i++) sequentialMs += await timeStart([config(i)]);
}
process.stdout.write(`${JSON.stringify({ oneMs, concurrentMs, sequentialMs, count })}\n`);
