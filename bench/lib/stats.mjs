/**
 * Server side of the measurement: imported first by every benchmark server.
 *
 * When BENCH_STATS names a file, the server writes its pid to `<file>.pid`
 * and, on each SIGUSR2, appends one JSON line with its own CPU accounting
 * (`process.cpuUsage()`) and memory. With BENCH_GC=1 (and `--expose-gc`) it
 * collects garbage first, so `heapUsed` is what is really kept.
 *
 * The signal is handled on the event loop, after the work already queued, so
 * a snapshot taken when the driver has all its answers sees all the work.
 */
import { appendFileSync, writeFileSync } from 'node:fs';

const file = process.env.BENCH_STATS;
if (file) {
  const gc = process.env.BENCH_GC === '1' ? globalThis.gc : undefined;
  writeFileSync(`${file}.pid`, String(process.pid));
  // A normal exit on SIGTERM, so `--cpu-prof` can write its profile.
  process.on('SIGTERM', () => process.exit(0));
  process.on('SIGUSR2', () => {
    const cpu = process.cpuUsage();
    if (gc) {
      gc();
      gc();
    }
    const mem = process.memoryUsage();
    appendFileSync(file, `${JSON.stringify({ cpu: cpu.user + cpu.system, rss: mem.rss, heapUsed: mem.heapUsed })}\n`);
  });
}
