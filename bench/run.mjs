#!/usr/bin/env node
/**
 * mcpkit benchmark: the same load against mcpkit, the official SDK v1 and v2,
 * and a hand-written JSON-RPC baseline, side by side, rounds interleaved.
 *
 *   npm run bench                 full run (3 repetitions, < 5 minutes on 2 cores)
 *   npm run bench -- --quick      small counts, one repetition (development)
 *   options: --reps N  --only stdio|stdio-stateless|http-session|http-stateless|host|startup  --out FILE  --render results/latest.json
 *
 * See bench/README.md for what each figure means.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { scenarios, SUITES } from './lib/scenarios.mjs';
import { render } from './lib/report.mjs';
import { hostBench } from './host.mjs';

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : args[i + 1];
};

const quick = flag('quick');
const reps = Number(option('reps', quick ? 1 : 3));
const only = option('only', undefined);
const out = option('out', quick ? `${ROOT}results/quick.md` : `${ROOT}results/latest.md`);
const TIMEOUT_MS = 120_000;

/** Call counts per transport. stdio: 20,000 calls in all per run (the RSS figure is "after 20,000 calls"). */
const COUNTS = quick
  ? {
      stdio: { warmSeq: 300, warmPar: 300, seq: 500, par: 2000 },
      http: { warmSeq: 100, warmPar: 100, seq: 200, par: 600 },
      sessions: 200,
      sessionsWarm: 50,
    }
  : {
      stdio: { warmSeq: 2000, warmPar: 2000, seq: 3000, par: 13000 },
      // node:http's own code takes some 7,000 calls to reach steady state (measured: the raw driver's CPU per call
      // falls from 200 µs over the first thousand to 40 µs after 7,000), so HTTP warms up with 7,000 calls in flight.
      http: { warmSeq: 200, warmPar: 7000, seq: 400, par: 3000 },
      sessions: 1000,
      sessionsWarm: 200,
    };
const INFLIGHT = 64;

const scratch = `${tmpdir()}/mcpkit-bench-${process.pid}`;
mkdirSync(scratch, { recursive: true });

function environment() {
  return {
    node: process.version,
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: availableParallelism(),
    memGiB: (totalmem() / 2 ** 30).toFixed(1),
    loadStart: loadavg()
      .map((x) => x.toFixed(2))
      .join(' '),
    date: new Date().toISOString(),
    mode: quick ? 'quick' : 'full',
    reps,
    counts: COUNTS,
  };
}

/** Runs one driver process; resolves with its JSON result (or `{ error }`). */
function runOne(s, counts) {
  const statsFile = `${scratch}/${s.client}-${s.server}-${s.transport}-${s.mode}`;
  const cfg = { transport: s.transport, mode: s.mode, server: s.server, statsFile, inflight: INFLIGHT, ...counts };
  if (s.sessions) Object.assign(cfg, { sessions: COUNTS.sessions, sessionsWarm: COUNTS.sessionsWarm, gc: true });
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`${ROOT}clients/${s.client}.mjs`, JSON.stringify(cfg)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.on('exit', () => {
      clearTimeout(timer);
      killServer(statsFile);
      const line = stdout.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(line));
      } catch {
        resolve({ error: `driver failed: ${(stderr || stdout).trim().split('\n').slice(-3).join(' | ')}` });
      }
    });
  });
}

/** A stdio server spawned by a client library may outlive a failed driver: end it. */
function killServer(statsFile) {
  try {
    const pid = Number(readFileSync(`${statsFile}.pid`, 'utf8'));
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

// --render FILE.json: print the report of an earlier run again (after a change to the report's layout).
const rerender = option('render', undefined);
if (rerender !== undefined) {
  const saved = JSON.parse(readFileSync(rerender, 'utf8'));
  const kept = scenarios().filter((s) => s.key in saved.results);
  process.stdout.write(render(kept, new Map(Object.entries(saved.results)), saved.env, SUITES));
  process.exit(0);
}

const list = scenarios().filter((s) => only === undefined || s.suite === only);
const results = new Map(list.map((s) => [s.key, []]));
const env = environment();
const started = Date.now();
console.error(
  `mcpkit bench (${env.mode}): ${list.length} scenarios × ${reps} repetitions, Node ${env.node}, ${env.cores} cores, load ${env.loadStart}`,
);

// Rounds interleaved: every scenario once per repetition, so machine noise hits all alike.
for (let rep = 1; rep <= reps; rep++) {
  for (const s of list) {
    const counts = s.transport === 'stdio' ? COUNTS.stdio : COUNTS.http;
    const r = await runOne(s, counts);
    results.get(s.key).push(r);
    const brief = r.error ? `ERROR ${r.error}` : r.na ? 'n/a' : summary(r);
    console.error(`[${rep}/${reps}] ${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s ${s.label.padEnd(40)} ${brief}`);
  }
}
env.loadEnd = loadavg()
  .map((x) => x.toFixed(2))
  .join(' ');
env.seconds = Math.round((Date.now() - started) / 1000);

let markdown = render(list, results, env, SUITES);
// The host's figures (issue 10): its own CPU per tool round trip, and ten servers started at once.
const host =
  only === undefined || only === 'host' ? await hostBench({ quick, reps, log: (line) => console.error(line) }) : undefined;
if (host !== undefined) markdown += host.markdown;
// Start-up and memory (issue 15): the everything pair, the zod pair and its floor, and the time to `server/discover`.
const startup = only === undefined || only === 'startup' ? startupBench() : undefined;
if (startup !== undefined) markdown += `\n${startup.markdown}`;
// The reference servers against the official ones: their own scripts, run after the full suites
// (test/referenceServers.bench.test.ts runs them in quick mode).
const servers = only === undefined && !quick ? referenceServers() : [];
for (const section of servers) markdown += `\n${section.markdown}`;
mkdirSync(`${ROOT}results`, { recursive: true });
writeFileSync(out, markdown);
writeFileSync(
  out.replace(/\.md$/, '.json'),
  JSON.stringify({ env, results: Object.fromEntries(results), host: host?.result, startup, servers }, null, 1),
);
rmSync(scratch, { recursive: true, force: true });
process.stdout.write(markdown);
console.error(`\nwritten to ${out}`);

/** Runs bench/startup.mjs (in quick mode too); its result carries its markdown section (or an error). */
function startupBench() {
  console.error('start-up and memory');
  const r = spawnSync(process.execPath, [`${ROOT}startup.mjs`, '--json', ...(quick ? ['--quick'] : [])], {
    encoding: 'utf8',
    timeout: 600_000,
  });
  try {
    return JSON.parse(r.stdout.trim().split('\n').pop() ?? '');
  } catch {
    const error = `ERROR startup: ${(r.stderr || r.stdout || String(r.error)).trim().split('\n').slice(-3).join(' | ')}`;
    console.error(error);
    return { errors: [error], markdown: `## Start-up and memory (stdio)\n\n${error}\n` };
  }
}

/**
 * Runs bench/filesystem.mjs, bench/memory.mjs, bench/scaleout.mjs, bench/context.mjs (the host's context
 * control), bench/gateway.mjs and bench/install.mjs (the install footprint: it packs and installs, so full
 * runs only); each result carries its markdown section (or an error).
 */
function referenceServers() {
  return ['filesystem', 'memory', 'scaleout', 'context', 'gateway', 'install'].map((name) => {
    console.error(`reference server: ${name}`);
    const r = spawnSync(process.execPath, [`${ROOT}${name}.mjs`, '--json'], {
      encoding: 'utf8',
      timeout: 600_000,
    });
    try {
      return { name, ...JSON.parse(r.stdout.trim().split('\n').pop() ?? '') };
    } catch {
      const error = `ERROR ${name}: ${(r.stderr || r.stdout || String(r.error)).trim().split('\n').slice(-3).join(' | ')}`;
      console.error(error);
      return { name, error, markdown: `## ${name} server\n\n${error}\n` };
    }
  });
}

function summary(r) {
  if (r.heapPerSessionBytes !== undefined) return `heap/session ${(r.heapPerSessionBytes / 1024).toFixed(2)} KB`;
  return `p50 ${r.p50Us.toFixed(0)}µs  ${r.throughput.toFixed(0)}/s  srv ${r.serverCpuParUs.toFixed(1)}µs  cli ${r.clientCpuParUs.toFixed(1)}µs  cold ${r.coldStartMs.toFixed(0)}ms`;
}
