#!/usr/bin/env node
/**
 * Scale-out on Redis: CPU per call of the Redis-backed handshake-era path
 * against one process without Redis (aim: at most 1.5×), and calls/s through
 * 1, 2 and 3 Redis-backed processes behind a round-robin proxy.
 *
 *   node bench/scaleout.mjs [--quick] [--json] [--reps N]
 *
 * Needs `redis-server` (started here on a free port, persistence off) and a
 * build (`npm run build`). Load: 8 clients (sessions, handshake era, mcpkit's
 * client), 8 calls in flight each, echo calls; server CPU is every server
 * process's own (`process.cpuUsage`), Redis's from `INFO cpu`. Task round trips (a
 * task-augmented `tools/call`, then `tasks/result`, which lands on another process
 * behind the proxy) are measured the same way, a quarter as many.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import { McpClient } from 'mcpkit/client';
import { nodeHttpTransport } from 'mcpkit/node';
import { roundRobin } from './lib/roundRobin.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const asJson = args.includes('--json');
const CLIENTS = 8;
const INFLIGHT = 8;
const WARM = quick ? 400 : 6000;
const CALLS = quick ? 800 : 8000;
const repsAt = args.indexOf('--reps');
const REPS = repsAt >= 0 ? Number(args[repsAt + 1]) : quick ? 1 : 3;

async function freePort() {
  const s = createServer().listen(0, '127.0.0.1');
  await once(s, 'listening');
  const { port } = s.address();
  s.close();
  return port;
}

async function startRedis() {
  if (spawnSync('redis-server', ['--version']).status !== 0) return undefined;
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  for await (const line of createInterface({ input: child.stdout })) if (line.includes('Ready to accept')) break;
  child.stdout.resume();
  return { url: `redis://127.0.0.1:${port}`, child };
}

async function startServer(redisUrl) {
  const child = spawn(process.execPath, [`${ROOT}bench/servers/scaleout-node.mjs`, ...(redisUrl ? ['--redis', redisUrl] : [])], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const { value } = await lines.next();
  const { url } = JSON.parse(value);
  return {
    url,
    cpu: async () => {
      child.stdin.write('cpu\n');
      return JSON.parse((await lines.next()).value).cpu;
    },
    stop: async () => {
      child.stdin.end();
      await once(child, 'exit');
    },
  };
}

async function redisCpu(redis) {
  if (redis === undefined) return 0;
  const info = await redis.info('cpu');
  const field = (name) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1] ?? 0);
  return (field('used_cpu_user') + field('used_cpu_sys')) * 1e6;
}

/** Runs `count` echo calls (or task round trips) over the clients, INFLIGHT at a time each. */
async function load(clients, count, task = false) {
  let left = count;
  const once = async (client) => {
    if (!task) return client.callTool({ name: 'echo', arguments: { message: 'hello' } });
    const handle = await client.callTool({ name: 'job', arguments: { message: 'hello' } }, { task: true });
    return client.tasks.result({ taskId: handle.taskId });
  };
  await Promise.all(
    clients.flatMap((client) =>
      Array.from({ length: INFLIGHT }, async () => {
        while (left-- > 0) await once(client);
      }),
    ),
  );
}

/** One configuration: `processes` servers (Redis-backed if `redis`), reached directly (one) or through the proxy. */
async function measure({ processes, redis, proxy, task = false }) {
  const calls = task ? CALLS / 4 : CALLS;
  const servers = await Promise.all(Array.from({ length: processes }, () => startServer(redis?.url)));
  const front = proxy ? await roundRobin(servers.map((s) => s.url)) : undefined;
  const url = front?.url ?? servers[0].url;
  const clients = [];
  for (let i = 0; i < CLIENTS; i++) {
    const client = new McpClient({ name: 'bench', version: '1.0.0', era: 'handshake' });
    await client.connect(nodeHttpTransport(url));
    clients.push(client);
  }
  await load(clients, task ? WARM / 4 : WARM, task);
  const cpu0 = await Promise.all(servers.map((s) => s.cpu()));
  const r0 = await redisCpu(redis?.client);
  const t0 = process.hrtime.bigint();
  await load(clients, calls, task);
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu1 = await Promise.all(servers.map((s) => s.cpu()));
  const r1 = await redisCpu(redis?.client);
  for (const c of clients) await c.close();
  await front?.close();
  for (const s of servers) await s.stop();
  const serverCpu = cpu1.reduce((sum, c, i) => sum + c - cpu0[i], 0);
  return { callsPerSecond: calls / seconds, serverCpuUs: serverCpu / calls, redisCpuUs: (r1 - r0) / calls };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function repeat(config) {
  const runs = [];
  for (let i = 0; i < REPS; i++) runs.push(await measure(config));
  return {
    callsPerSecond: median(runs.map((r) => r.callsPerSecond)),
    serverCpuUs: median(runs.map((r) => r.serverCpuUs)),
    redisCpuUs: median(runs.map((r) => r.redisCpuUs)),
  };
}

const redisServer = await startRedis();
if (redisServer === undefined) {
  const markdown = '## Scale-out on Redis\n\nskipped: redis-server is not installed (apt-get install -y redis-server)\n';
  process.stdout.write(asJson ? `${JSON.stringify({ skipped: true, markdown })}\n` : markdown);
  process.exit(0);
}
const redis = { url: redisServer.url, client: new Redis(redisServer.url) };
const rows = [];
const add = async (name, config) => {
  console.error(`scale-out: ${name}`);
  rows.push({ name, ...(await repeat(config)) });
};
await add('1 process, in memory (no Redis)', { processes: 1 });
await add('1 process, Redis-backed', { processes: 1, redis });
await add('1 process, Redis-backed, through the proxy', { processes: 1, redis, proxy: true });
await add('2 processes, Redis-backed, through the proxy', { processes: 2, redis, proxy: true });
await add('3 processes, Redis-backed, through the proxy', { processes: 3, redis, proxy: true });
await add('task round trips, 1 process, in memory (no Redis)', { processes: 1, task: true });
await add('task round trips, 3 processes, Redis-backed, through the proxy', { processes: 3, redis, proxy: true, task: true });
redis.client.disconnect();
redisServer.child.kill('SIGKILL');

const base = rows[0].serverCpuUs;
const ratio = rows[1].serverCpuUs / base;
let markdown = `## Scale-out on Redis (\`bench/scaleout.mjs\`)\n\n`;
markdown += `Handshake era, echo calls, ${CLIENTS} sessions × ${INFLIGHT} in flight, ${CALLS} calls measured after ${WARM} warm-up, median of ${REPS}; Node ${process.version}.\n\n`;
markdown += '| configuration | calls/s | server CPU/call (all processes) | Redis CPU/call |\n| --- | ---: | ---: | ---: |\n';
for (const r of rows)
  markdown += `| ${r.name} | ${r.callsPerSecond.toFixed(0)} | ${r.serverCpuUs.toFixed(1)} µs | ${r.redisCpuUs.toFixed(1)} µs |\n`;
markdown += `\nRedis-backed server CPU per call: ${ratio.toFixed(2)}× the single process's (aim: at most 1.5×).\n`;
markdown += `Task round trips: a task-augmented \`tools/call\` then \`tasks/result\` (2025-11-25), ${CALLS / 4} measured; per round trip.\n`;
process.stdout.write(asJson ? `${JSON.stringify({ rows, ratio, markdown })}\n` : markdown);
