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
import { serverStats } from './lib/driver.mjs';
import { connectFullStack, fullStackConfig } from './lib/fullStack.mjs';

const [transport = 'stdio', count = 2000, calls = 10, impls = 'mcpkit,v2'] = process.argv
  .slice(2)
  .map((a, i) => (i === 0 || i === 3 ? a : Number(a)));

/** One call of the notify tool; resolves with the number of progress notifications seen (the option's name differs). */
async function notifyCall(impl, client) {
  let seen = 0;
  const onProgress = () => seen++;
  await client.callTool(
    { name: 'notify', arguments: { count } },
    impl === 'mcpkit' ? { onProgress } : { onprogress: onProgress },
  );
  return seen;
}

for (const impl of impls.split(',')) {
  const cfg = fullStackConfig(impl, transport, true);
  const client = await connectFullStack(impl, cfg);
  const call = () => notifyCall(impl, client);
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
