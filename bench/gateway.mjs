#!/usr/bin/env node
/**
 * The gateway's cost, side by side in one run (issue 24):
 *
 * 1. stdio: the echo server (bench/servers/mcpkit-stdio.mjs) called directly, and the
 *    same server behind `mcpkit gateway` (stdio in, stdio out): latency per call added,
 *    and the gateway's own CPU per call beside the upstream's (target: at most 1.5×).
 * 2. HTTP: the same stdio server put behind Streamable HTTP by `mcpkit gateway --http`
 *    and by supergateway (`--stdio … --outputTransport streamableHttp --stateful`, the
 *    npm proxy people use for this): calls per second with 64 in flight, and the proxy's
 *    CPU per call.
 *
 * Every driver is mcpkit's client in the handshake era (supergateway proxies that era
 * only). Rounds alternate between the setups; figures are medians over rounds.
 *
 *   node bench/gateway.mjs [--quick] [--json]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpClient } from 'mcpkit/client';
import { nodeHttpTransport } from 'mcpkit/node';
import { StdioClientTransport } from 'mcpkit/stdio';
import { cpuMs, median } from './lib/serverRounds.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(ROOT, 'packages/mcpkit/dist/cli/bin.js');
const ECHO = join(ROOT, 'bench/servers/mcpkit-stdio.mjs');
const SUPERGATEWAY = join(ROOT, 'node_modules/supergateway/dist/index.js');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const asJson = args.includes('--json');
const SIZES = quick ? { rounds: 1, warm: 200, seq: 200, par: 1000 } : { rounds: 3, warm: 2000, seq: 2000, par: 6000 };
const INFLIGHT = 64;

const dir = mkdtempSync(join(tmpdir(), 'mcpkit-bench-gateway-'));

function client() {
  return new McpClient({ name: 'bench-gateway', version: '1.0.0', era: '2025-11-25', cache: false });
}

/** The upstream's pid, which bench/lib/stats.mjs writes beside BENCH_STATS. */
async function upstreamPid(stats) {
  for (let i = 0; i < 200; i++) {
    try {
      return Number(readFileSync(`${stats}.pid`, 'utf8'));
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error('the upstream never wrote its pid');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Spawns a process; resolves once `pattern` appears on its stdout or stderr (or when it is ready by `probe`). */
function spawnProcess(argv, env) {
  const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (c) => (output += c));
  child.stderr.setEncoding('utf8').on('data', (c) => (output += c));
  return {
    child,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

async function connectRetrying(makeTransport) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const c = client();
    try {
      await c.connect(makeTransport());
      return c;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Sequential calls (latency) and calls with 64 in flight (throughput), with the CPU of `pids` per call. */
async function measure(c, tool, pids) {
  const call = (i) => c.callTool({ name: tool, arguments: { message: `hello ${i}` } }, { timeoutMs: 60_000 });
  for (let i = 0; i < SIZES.warm; i++) await call(i);
  const cpu = () => pids.map((p) => cpuMs(p) ?? NaN);
  const lat = [];
  const c0 = cpu();
  for (let i = 0; i < SIZES.seq; i++) {
    const t = performance.now();
    await call(i);
    lat.push(performance.now() - t);
  }
  const c1 = cpu();
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: INFLIGHT }, async () => {
      while (next < SIZES.par) await call(next++);
    }),
  );
  const wall = performance.now() - t0;
  const c2 = cpu();
  const calls = SIZES.seq + SIZES.par;
  return {
    p50Us: median(lat) * 1000,
    callsPerSecond: (SIZES.par / wall) * 1000,
    // CPU per call over both phases, µs, per process.
    cpuUs: pids.map((_, i) => ((c2[i] - c0[i]) / calls) * 1000),
    seqCpuUs: pids.map((_, i) => ((c1[i] - c0[i]) / SIZES.seq) * 1000),
  };
}

async function direct() {
  const stats = join(dir, `direct-${Date.now()}`);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [ECHO],
    env: { BENCH_STATS: stats },
    stderr: 'ignore',
  });
  const c = client();
  await c.connect(transport);
  try {
    const m = await measure(c, 'echo', [await upstreamPid(stats)]);
    return { p50Us: m.p50Us, callsPerSecond: m.callsPerSecond, upstreamCpuUs: m.cpuUs[0] };
  } finally {
    await c.close();
  }
}

function configFile(stats) {
  const file = join(dir, `config-${Date.now()}.json`);
  writeFileSync(
    file,
    JSON.stringify({ mcpServers: { up: { command: process.execPath, args: [ECHO], env: { BENCH_STATS: stats } } } }),
  );
  return file;
}

async function gatewayStdio() {
  const stats = join(dir, `gw-stdio-${Date.now()}`);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'gateway', '--config', configFile(stats)],
    stderr: 'ignore',
  });
  const c = client();
  await c.connect(transport);
  try {
    const pid = await upstreamPid(stats);
    // The upstream joins after the gateway answers: wait for its tool.
    for (let i = 0; i < 300 && !(await c.listAllTools()).some((t) => t.name === 'up_echo'); i++)
      await new Promise((r) => setTimeout(r, 50));
    const m = await measure(c, 'up_echo', [transport.pid, pid]);
    return { p50Us: m.p50Us, callsPerSecond: m.callsPerSecond, proxyCpuUs: m.cpuUs[0], upstreamCpuUs: m.cpuUs[1] };
  } finally {
    await c.close();
  }
}

async function overHttp(kind) {
  const stats = join(dir, `${kind}-${Date.now()}`);
  const port = await freePort();
  const proc =
    kind === 'mcpkit gateway'
      ? spawnProcess([CLI, 'gateway', '--config', configFile(stats), '--http', String(port)])
      : spawnProcess(
          [
            SUPERGATEWAY,
            '--stdio',
            `${process.execPath} ${ECHO}`,
            '--outputTransport',
            'streamableHttp',
            '--stateful',
            '--port',
            String(port),
            '--logLevel',
            'none',
          ],
          { BENCH_STATS: stats },
        );
  try {
    const url = `http://127.0.0.1:${port}/mcp`;
    const c = await connectRetrying(() => nodeHttpTransport(url));
    try {
      const tool = kind === 'mcpkit gateway' ? 'up_echo' : 'echo';
      for (let i = 0; i < 300 && !(await c.listAllTools()).some((t) => t.name === tool); i++)
        await new Promise((r) => setTimeout(r, 50));
      const m = await measure(c, tool, [proc.child.pid, await upstreamPid(stats)]);
      return { p50Us: m.p50Us, callsPerSecond: m.callsPerSecond, proxyCpuUs: m.cpuUs[0], upstreamCpuUs: m.cpuUs[1] };
    } finally {
      await c.close();
    }
  } catch (error) {
    throw new Error(`${kind}: ${error instanceof Error ? error.message : String(error)}; output: ${proc.output().slice(-500)}`, {
      cause: error,
    });
  } finally {
    await proc.stop();
  }
}

const SETUPS = {
  direct,
  'mcpkit gateway (stdio)': gatewayStdio,
  'mcpkit gateway (HTTP)': () => overHttp('mcpkit gateway'),
  'supergateway (HTTP)': () => overHttp('supergateway'),
};

const runs = Object.fromEntries(Object.keys(SETUPS).map((k) => [k, []]));
try {
  for (let r = 0; r < SIZES.rounds; r++)
    for (const [name, run] of Object.entries(SETUPS)) {
      console.error(`gateway bench: round ${r + 1}, ${name}`);
      runs[name].push(await run());
    }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const med = (name, key) => {
  const values = runs[name].map((x) => x[key]).filter((v) => v !== undefined && !Number.isNaN(v));
  return values.length === 0 ? undefined : median(values);
};
const rows = Object.keys(SETUPS).map((name) => ({
  name,
  p50Us: med(name, 'p50Us'),
  callsPerSecond: med(name, 'callsPerSecond'),
  proxyCpuUs: med(name, 'proxyCpuUs'),
  upstreamCpuUs: med(name, 'upstreamCpuUs'),
}));
const by = Object.fromEntries(rows.map((r) => [r.name, r]));
const ratios = {
  // The gateway's own CPU per call ÷ the upstream's (target ≤ 1.5).
  gatewayCpuOverUpstream: by['mcpkit gateway (stdio)'].proxyCpuUs / by['mcpkit gateway (stdio)'].upstreamCpuUs,
  latencyAddedUs: by['mcpkit gateway (stdio)'].p50Us - by.direct.p50Us,
  // mcpkit gateway ÷ supergateway over HTTP: throughput (higher is better) and the proxy's CPU per call (lower is better).
  httpThroughput: by['mcpkit gateway (HTTP)'].callsPerSecond / by['supergateway (HTTP)'].callsPerSecond,
  httpProxyCpu: by['mcpkit gateway (HTTP)'].proxyCpuUs / by['supergateway (HTTP)'].proxyCpuUs,
};

const f = (v, digits = 0) => (v === undefined || Number.isNaN(v) ? 'n/a' : v.toFixed(digits));
const markdown = `## Gateway (issue 24)

The echo server over stdio, called directly and through \`mcpkit gateway\`; and put behind
Streamable HTTP by \`mcpkit gateway --http\` and by supergateway (\`--stateful\`). mcpkit's
client in the handshake era; ${SIZES.seq} sequential calls then ${SIZES.par} with ${INFLIGHT} in flight;
medians of ${SIZES.rounds} round(s)${quick ? ' (quick mode: counts too small to quote)' : ''}.

| setup | p50 latency (µs) | calls/s (${INFLIGHT} in flight) | proxy CPU/call (µs) | upstream CPU/call (µs) |
| --- | ---: | ---: | ---: | ---: |
${rows.map((r) => `| ${r.name} | ${f(r.p50Us)} | ${f(r.callsPerSecond)} | ${f(r.proxyCpuUs, 1)} | ${f(r.upstreamCpuUs, 1)} |`).join('\n')}

- gateway's own CPU per call ÷ the upstream's: **${f(ratios.gatewayCpuOverUpstream, 2)}×** (target ≤ 1.5×)
- latency the gateway adds (stdio, p50): **${f(ratios.latencyAddedUs)} µs**
- over HTTP, mcpkit gateway ÷ supergateway: throughput **${f(ratios.httpThroughput, 2)}×**, proxy CPU per call **${f(ratios.httpProxyCpu, 2)}×**
`;

if (asJson) process.stdout.write(`${JSON.stringify({ rows, ratios, markdown })}\n`);
else process.stdout.write(markdown);
