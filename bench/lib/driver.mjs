/**
 * The client side of one measurement, shared by every client implementation.
 * A driver process is started by `run.mjs` with a JSON config; it connects to
 * one server (spawning it, through its own client library for stdio, or
 * itself for HTTP), runs the phases and prints one JSON line of results.
 *
 * Phases: cold start (spawn → first result), warm-up, sequential calls
 * (latency), calls with N in flight (throughput). Around each measured phase
 * both processes read their own CPU accounting; the server's is fetched with
 * SIGUSR2 (see stats.mjs), the client's with `process.cpuUsage()`.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

/** Milliseconds since this process started, at the moment the driver module loaded (after its client library). */
const importedAt = performance.now();

const HERE = fileURLToPath(new URL('.', import.meta.url));
export const SERVER_DIR = fileURLToPath(new URL('../servers/', import.meta.url));

/** The message every call echoes. */
export const MESSAGE = 'hello, benchmark';

/** The script of a server implementation on a transport. */
export function serverScript(server, transport) {
  return `${SERVER_DIR}${server}-${transport}.mjs`;
}

/** Environment of a spawned benchmark server. */
export function serverEnv(cfg) {
  const env = { PATH: process.env.PATH ?? '', BENCH_STATS: cfg.statsFile };
  if (cfg.gc) env.BENCH_GC = '1';
  if (cfg.mode) env.BENCH_MODE = cfg.mode;
  if (cfg.notify) env.BENCH_NOTIFY = '1';
  return env;
}

/** Node arguments of a spawned benchmark server. */
export function serverArgs(cfg) {
  return [...(cfg.gc ? ['--expose-gc'] : []), ...(cfg.nodeArgs ?? []), serverScript(cfg.server, cfg.transport)];
}

function lineCount(file) {
  if (!existsSync(file)) return 0;
  const text = readFileSync(file, 'utf8');
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Asks the server process for a snapshot of its CPU and memory. */
export async function serverStats(file) {
  const pid = Number(readFileSync(`${file}.pid`, 'utf8'));
  const before = lineCount(file);
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    await sleep(1);
    if (lineCount(file) > before) {
      const lines = readFileSync(file, 'utf8').trim().split('\n');
      return JSON.parse(lines[lines.length - 1]);
    }
  }
  throw new Error(`server ${pid} did not report its stats`);
}

/** Waits for an HTTP server spawned by the driver to print `LISTENING <url>`. */
export function spawnHttpServer(cfg) {
  const child = spawn(process.execPath, serverArgs(cfg), { env: serverEnv(cfg), stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const early = (code) => reject(new Error(`server exited (${code}) before listening`));
    child.once('exit', early);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /LISTENING (\S+)/.exec(out);
      if (m) {
        child.off('exit', early);
        child.stdout.removeAllListeners('data');
        child.stdout.resume();
        resolve({ url: m[1], child });
      }
    });
  });
}

/** Ends a server the driver spawned: SIGTERM (it exits normally, writing any profile), SIGKILL after 3 s. */
function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

function cpuNow() {
  const c = process.cpuUsage();
  return c.user + c.system;
}

async function inFlight(call, total, width) {
  let started = 0;
  const worker = async () => {
    while (started < total) {
      started++;
      await call();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, total) }, worker));
}

/**
 * Runs the phases with `adapter.open(cfg, server)`, which resolves to
 * `{ call(): Promise<string>, close(): Promise<void> }` and, for stdio, spawns
 * the server itself (with `serverArgs(cfg)` and `serverEnv(cfg)`).
 */
export async function runDriver(adapter) {
  const cfg = JSON.parse(process.argv[2]);
  for (const f of [cfg.statsFile, `${cfg.statsFile}.pid`]) rmSync(f, { force: true });
  if (!adapter.supports(cfg)) {
    process.stdout.write(`${JSON.stringify({ na: true })}\n`);
    return;
  }
  let httpServer;
  let conn;
  try {
    const t0 = performance.now();
    if (cfg.transport === 'http') httpServer = await spawnHttpServer(cfg);
    conn = await adapter.open(cfg, httpServer?.url);
    const first = await conn.call();
    const coldStartMs = performance.now() - t0;
    if (first !== MESSAGE) throw new Error(`echo returned ${JSON.stringify(first)}`);
    const out = { coldStartMs, importMs: importedAt };
    if (cfg.sessions) Object.assign(out, await heapPerSession(adapter, cfg, httpServer.url));
    else Object.assign(out, await phases(conn, cfg));
    await conn.close();
    out.clientRss = process.memoryUsage().rss;
    process.stdout.write(`${JSON.stringify(out)}\n`);
  } catch (error) {
    process.stdout.write(
      `${JSON.stringify({
        error: String(error?.stack ?? error)
          .split('\n')
          .slice(0, 3)
          .join(' | '),
      })}\n`,
    );
  } finally {
    if (httpServer !== undefined) await stop(httpServer.child);
    process.exit(0);
  }
}

async function phases(conn, cfg) {
  const call = () => conn.call();
  // The warm-up's own CPU is reported too: what a process pays before it settles (compiling, mostly).
  const sw = await serverStats(cfg.statsFile);
  const cw = cpuNow();
  for (let i = 0; i < cfg.warmSeq; i++) await call();
  await inFlight(call, cfg.warmPar, cfg.inflight);
  const cw1 = cpuNow();

  const s0 = await serverStats(cfg.statsFile);
  const c0 = cpuNow();
  const latencies = new Float64Array(cfg.seq);
  for (let i = 0; i < cfg.seq; i++) {
    const t = performance.now();
    await call();
    latencies[i] = performance.now() - t;
  }
  const c1 = cpuNow();
  const s1 = await serverStats(cfg.statsFile);
  const c1b = cpuNow();
  const t = performance.now();
  await inFlight(call, cfg.par, cfg.inflight);
  const wall = performance.now() - t;
  const c2 = cpuNow();
  const s2 = await serverStats(cfg.statsFile);
  latencies.sort();
  return {
    p50Us: percentile(latencies, 0.5) * 1000,
    p99Us: percentile(latencies, 0.99) * 1000,
    throughput: cfg.par / (wall / 1000),
    serverCpuSeqUs: (s1.cpu - s0.cpu) / cfg.seq,
    serverCpuParUs: (s2.cpu - s1.cpu) / cfg.par,
    clientCpuSeqUs: (c1 - c0) / cfg.seq,
    clientCpuParUs: (c2 - c1b) / cfg.par,
    serverCpuWarmUs: (s0.cpu - sw.cpu) / (cfg.warmSeq + cfg.warmPar),
    clientCpuWarmUs: (cw1 - cw) / (cfg.warmSeq + cfg.warmPar),
    serverRss: s2.rss,
  };
}

/**
 * Heap kept per HTTP session: open `cfg.sessions` sessions (each with one call), collect garbage, compare.
 * `cfg.sessionsWarm` sessions are opened first and not counted: without them the figure includes the
 * machine code the server compiles while the first sessions open (hundreds of bytes per session).
 */
async function heapPerSession(adapter, cfg, url) {
  const openSessions = async (count) => {
    const open = [];
    for (let i = 0; i < count; i += 8) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(8, count - i) }, async () => {
          const c = await adapter.open(cfg, url);
          await c.call();
          return c;
        }),
      );
      open.push(...batch);
    }
    return open;
  };
  const warm = await openSessions(cfg.sessionsWarm ?? 0);
  const h0 = await serverStats(cfg.statsFile);
  const open = await openSessions(cfg.sessions);
  const h1 = await serverStats(cfg.statsFile);
  if (open.length !== cfg.sessions || warm.length !== (cfg.sessionsWarm ?? 0)) throw new Error('sessions went missing');
  return { heapPerSessionBytes: (h1.heapUsed - h0.heapUsed) / cfg.sessions, serverRss: h1.rss };
}

export { HERE };
