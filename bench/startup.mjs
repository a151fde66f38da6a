#!/usr/bin/env node
/**
 * Start-up and memory over stdio, side by side, as users run the servers:
 *
 * - the `everything` pair: `mcpkit serve everything` (the CLI's bin) against the
 *   official `@modelcontextprotocol/server-everything` (`stdio`);
 * - the zod pair: one `echo` tool declared with zod through mcpkit's public API
 *   and through the official v2 server (`@modelcontextprotocol/server`), and the
 *   floor: `node` importing zod and answering with a hand-written loop;
 * - the time from spawn to the `server/discover` answer of `mcpkit serve
 *   everything` (a client that probes with it first and gives up after a
 *   second picks the wrong era when this is slow).
 *
 *   node bench/startup.mjs [--quick] [--json] [--reps N] [--only everything|zod]
 *
 * Per server: the time from spawn to the first `tools/call` result (initialize,
 * initialized, then the call, as a client does), the server's CPU until then
 * (every thread's, from /proc/<pid>/task/<tid>/schedstat, in nanoseconds), and
 * its RSS after 20,000 calls (64 in flight). Repetitions are interleaved and the
 * tables show medians; wall times move with the machine's load, CPU much less.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const HERE = fileURLToPath(new URL('.', import.meta.url));
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const asJson = args.includes('--json');
const repsAt = args.indexOf('--reps');
const STARTS = repsAt === -1 ? (quick ? 1 : 15) : Number(args[repsAt + 1]);
const loadsAt = args.indexOf('--loads');
const LOADS = loadsAt === -1 ? (quick ? 1 : 3) : Number(args[loadsAt + 1]);
const CALLS = quick ? 200 : 20_000;
const onlyAt = args.indexOf('--only');
/** `--only everything|zod`: one pair (development; the other pair's ratios are n/a). */
const only = onlyAt === -1 ? undefined : args[onlyAt + 1];
if (only !== undefined && only !== 'everything' && only !== 'zod') {
  process.stderr.write(`bench/startup.mjs: --only takes everything or zod, not ${JSON.stringify(only)}\n`);
  process.exit(2);
}
const INFLIGHT = 64;
const TIMEOUT_MS = 60_000;

/** Every server measured: how to start it, as its users do. */
const SERVERS = {
  'mcpkit-everything': [`${ROOT}packages/mcpkit/bin/mcpkit.js`, 'serve', 'everything'],
  'official-everything': [`${ROOT}node_modules/@modelcontextprotocol/server-everything/dist/index.js`, 'stdio'],
  'mcpkit-zod': [`${HERE}startup/zod-mcpkit.mjs`],
  'v2-zod': [`${HERE}startup/zod-v2.mjs`],
  'floor-zod': [`${HERE}startup/zod-floor.mjs`],
};

/** The servers this run starts. */
const MEASURED = Object.keys(SERVERS).filter((name) => only === undefined || name.endsWith(`-${only}`));

const CLIENT = { name: 'startup-bench', version: '1.0.0' };
const MESSAGE = 'hello';

/** CPU time of every thread of a live process, in ms (schedstat's first field is nanoseconds on a CPU). */
function cpuMs(pid) {
  let ns = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return ns / 1e6;
}

/** Resident set size of a live process, in MB. */
function rssMb(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m === null ? NaN : Number(m[1]) / 1024;
}

/**
 * Spawns `name`, opens it (handshake or `server/discover`) and makes the first
 * echo call; then `calls` more. Resolves with the figures; rejects on any wrong
 * answer, an early exit or a timeout.
 */
function probe(name, { discover = false, calls = 0 } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, SERVERS[name], { stdio: ['pipe', 'pipe', 'pipe'] });
    const pending = new Map();
    let nextId = 1;
    let buffer = '';
    let stderr = '';
    let done = false;
    const finish = (error, value) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      // The next probe starts once this server is gone, so two never compete.
      const settle = () => (error === undefined ? resolve(value) : reject(error));
      if (child.exitCode !== null || child.signalCode !== null) settle();
      else child.once('exit', settle);
    };
    const timer = setTimeout(() => finish(new Error(`${name}: no answer in ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
    child.stderr.setEncoding('utf8').on('data', (c) => (stderr += c));
    child.on('exit', (code, signal) => {
      if (!done) finish(new Error(`${name} exited (${signal ?? code}): ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
    });
    child.stdin.on('error', () => undefined);
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      buffer += chunk;
      let nl;
      while ((nl = buffer.indexOf('\n')) !== -1) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        let msg;
        try {
          msg = JSON.parse(line);
        } catch {
          finish(new Error(`${name} wrote a line that is not JSON: ${line.slice(0, 120)}`));
          return;
        }
        const handler = pending.get(msg.id);
        if (handler === undefined) continue; // notifications and requests of the server's own
        pending.delete(msg.id);
        if (msg.error !== undefined) finish(new Error(`${name}: error ${msg.error.code}: ${msg.error.message}`));
        else handler(msg.result);
      }
    });
    const send = (method, params, then) => {
      const id = nextId++;
      pending.set(id, then);
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    };
    const echoed = (result) => {
      // The official everything server answers `Echo: <message>`.
      const text = result?.content?.[0]?.text;
      const ok = typeof text === 'string' && text.endsWith(MESSAGE);
      if (!ok) finish(new Error(`${name}: echo answered ${JSON.stringify(result).slice(0, 200)}`));
      return ok;
    };
    const echo = { name: 'echo', arguments: { message: MESSAGE } };
    const figures = {};
    const load = () => {
      let sent = 0;
      let answered = 0;
      const next = () => {
        if (sent === calls) return;
        sent++;
        send('tools/call', echo, (result) => {
          if (!echoed(result)) return;
          answered++;
          if (answered === calls) finish(undefined, { ...figures, rssMb: rssMb(child.pid) });
          else next();
        });
      };
      for (let i = 0; i < INFLIGHT; i++) next();
    };
    if (discover) {
      send(
        'server/discover',
        {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientInfo': CLIENT,
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
        (result) => {
          if (!Array.isArray(result?.supportedVersions)) {
            finish(new Error(`${name}: server/discover answered ${JSON.stringify(result).slice(0, 200)}`));
            return;
          }
          finish(undefined, { discoverMs: performance.now() - started, cpuMs: cpuMs(child.pid) });
        },
      );
      return;
    }
    send('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: CLIENT }, () => {
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
      send('tools/call', echo, (result) => {
        if (!echoed(result)) return;
        figures.startMs = performance.now() - started;
        figures.cpuMs = cpuMs(child.pid);
        if (calls === 0) finish(undefined, figures);
        else load();
      });
    });
  });
}

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return undefined;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

const log = (line) => {
  if (!asJson) process.stderr.write(`${line}\n`);
};

const loadStart = loadavg()[0];
const runs = Object.fromEntries(Object.keys(SERVERS).map((n) => [n, { starts: [], loads: [], discovers: [] }]));
const errors = [];
const attempt = async (what, fn) => {
  try {
    return await fn();
  } catch (error) {
    errors.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
    log(`ERROR ${what}: ${String(error)}`);
    return undefined;
  }
};

// One warm-up start of each, uncounted: the first spawn pays for the disk cache (quick mode only checks that all runs).
if (!quick) for (const name of MEASURED) await attempt(`${name} warm-up`, () => probe(name));
// Starts: every server once per round, in the same order, so the machine's noise hits all alike.
for (let rep = 1; rep <= STARTS; rep++) {
  for (const name of MEASURED) {
    const r = await attempt(`${name} start`, () => probe(name));
    if (r !== undefined) runs[name].starts.push(r);
  }
  if (MEASURED.includes('mcpkit-everything')) {
    const d = await attempt('mcpkit-everything discover', () => probe('mcpkit-everything', { discover: true }));
    if (d !== undefined) runs['mcpkit-everything'].discovers.push(d);
  }
  log(
    `[startup ${rep}/${STARTS}] ${MEASURED.map((n) => `${n} ${runs[n].starts.at(-1)?.startMs.toFixed(0) ?? '-'}`).join('  ')} ms`,
  );
}
// Memory: 20,000 calls each (counted from the first result), then the RSS.
for (let rep = 1; rep <= LOADS; rep++) {
  for (const name of MEASURED) {
    const r = await attempt(`${name} load`, () => probe(name, { calls: CALLS }));
    if (r !== undefined) runs[name].loads.push(r);
  }
  log(`[memory ${rep}/${LOADS}] ${MEASURED.map((n) => `${n} ${runs[n].loads.at(-1)?.rssMb.toFixed(1) ?? '-'}`).join('  ')} MB`);
}

const summary = Object.fromEntries(
  Object.entries(runs).map(([name, r]) => [
    name,
    {
      startMs: median(r.starts.map((s) => s.startMs)),
      cpuMs: median(r.starts.map((s) => s.cpuMs)),
      rssMb: median(r.loads.map((s) => s.rssMb)),
      ...(r.discovers.length > 0 && {
        discoverMs: median(r.discovers.map((s) => s.discoverMs)),
        discoverCpuMs: median(r.discovers.map((s) => s.cpuMs)),
      }),
    },
  ]),
);
const ratio = (a, b) => (a === undefined || b === undefined ? undefined : a / b);
const s = summary;
const ratios = {
  everythingStart: ratio(s['mcpkit-everything'].startMs, s['official-everything'].startMs),
  everythingCpu: ratio(s['mcpkit-everything'].cpuMs, s['official-everything'].cpuMs),
  everythingRss: ratio(s['mcpkit-everything'].rssMb, s['official-everything'].rssMb),
  zodStartVsFloor: ratio(s['mcpkit-zod'].startMs, s['floor-zod'].startMs),
  zodCpuVsFloor: ratio(s['mcpkit-zod'].cpuMs, s['floor-zod'].cpuMs),
  v2StartVsFloor: ratio(s['v2-zod'].startMs, s['floor-zod'].startMs),
  v2CpuVsFloor: ratio(s['v2-zod'].cpuMs, s['floor-zod'].cpuMs),
  zodRss: ratio(s['mcpkit-zod'].rssMb, s['v2-zod'].rssMb),
  zodRssVsFloor: ratio(s['mcpkit-zod'].rssMb, s['floor-zod'].rssMb),
};

/** The targets of issue 15 (start-up and memory): each a ratio and its bound. */
const TARGETS = [
  ['`mcpkit serve everything` to first result ÷ official server-everything', ratios.everythingStart, 0.6],
  ['zod echo to first result: mcpkit ÷ floor', ratios.zodStartVsFloor, 1.25],
  ['zod echo CPU to first result: mcpkit ÷ floor', ratios.zodCpuVsFloor, 1.25],
  [`everything RSS after ${CALLS.toLocaleString('en')} calls: mcpkit ÷ official`, ratios.everythingRss, 0.55],
  [`zod echo RSS after ${CALLS.toLocaleString('en')} calls: mcpkit ÷ v2`, ratios.zodRss, 0.55],
];

const f = (x, digits = 0) => (x === undefined ? 'n/a' : x.toFixed(digits));
const x = (r) => (r === undefined ? 'n/a' : `${r.toFixed(2)}×`);

function markdown() {
  const row = (label, name) => `| ${label} | ${f(s[name].startMs)} | ${f(s[name].cpuMs)} | ${f(s[name].rssMb, 1)} |`;
  const lines = [
    '## Start-up and memory (stdio)',
    '',
    `Node ${process.version}; ${STARTS} starts and ${LOADS} × ${CALLS.toLocaleString('en')} calls per server, interleaved; medians.`,
    `Load average ${loadStart.toFixed(2)} at start, ${loadavg()[0].toFixed(2)} at end.`,
    '',
    '| target | ratio | bound | met |',
    '| --- | --: | --: | --- |',
    ...TARGETS.map(
      ([label, r, bound]) =>
        `| ${label} | ${x(r)} | ${bound.toFixed(2)}× | ${r !== undefined && r <= bound ? 'yes' : '**no**'} |`,
    ),
    '',
    `| server | to first result (ms) | CPU to first result (ms) | RSS after ${CALLS.toLocaleString('en')} calls (MB) |`,
    '| --- | --: | --: | --: |',
    row('`mcpkit serve everything`', 'mcpkit-everything'),
    row('official `server-everything stdio`', 'official-everything'),
    row('zod echo, mcpkit', 'mcpkit-zod'),
    row('zod echo, official v2', 'v2-zod'),
    row('zod echo, floor (zod + hand-written loop)', 'floor-zod'),
    '',
    `\`mcpkit serve everything\`: spawn to \`server/discover\` answer ${f(s['mcpkit-everything'].discoverMs)} ms ` +
      `(${f(s['mcpkit-everything'].discoverCpuMs)} ms CPU), to first \`tools/call\` result after the handshake ${f(s['mcpkit-everything'].startMs)} ms.`,
    `Official v2 zod echo ÷ floor: ${x(ratios.v2StartVsFloor)} to first result, ${x(ratios.v2CpuVsFloor)} CPU. ` +
      `mcpkit zod echo RSS ÷ floor: ${x(ratios.zodRssVsFloor)}.`,
    ...(errors.length === 0 ? [] : ['', ...errors.map((e) => `ERROR ${e}`)]),
    '',
  ];
  return lines.join('\n');
}

const report = { summary, ratios, errors, starts: STARTS, loads: LOADS, calls: CALLS, node: process.version };
process.stdout.write(asJson ? `${JSON.stringify({ ...report, markdown: markdown() })}\n` : markdown());
