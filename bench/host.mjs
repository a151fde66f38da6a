#!/usr/bin/env node
/**
 * The host benchmark (issue 10's figures), run by `npm run bench` after the
 * protocol suites, or alone:
 *
 *   node bench/host.mjs [--quick] [--out FILE]
 *
 * 1. The host's own CPU per tool round trip (model → tool call → server →
 *    result → model), the fake model API and the stdio server in other
 *    processes; beside it, the same loop built from the official SDKs
 *    (`@modelcontextprotocol/sdk` + `openai`).
 * 2. Ten stdio servers started concurrently, against one server and against
 *    ten one after another.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const SERVER = `${HERE}servers/mcpkit-stdio.mjs`;

function run(script, config) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`${HERE}host/${script}`, JSON.stringify(config)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('exit', () => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(out.trim().split('\n').pop() ?? ''));
      } catch {
        resolve({ error: `${script} failed: ${(err || out).trim().split('\n').slice(-3).join(' | ')}` });
      }
    });
  });
}

function startModel() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`${HERE}host/fakeModel.mjs`, 'bench__echo'], { stdio: ['pipe', 'pipe', 'inherit'] });
    child.stdout.setEncoding('utf8').on('data', (line) => {
      const m = /listening (\S+)/.exec(line);
      if (m) resolve({ url: m[1], stop: () => child.kill() });
    });
    child.on('error', reject);
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Runs the host benchmark; resolves with its markdown section and figures. */
export async function hostBench({ quick = false, reps = quick ? 1 : 3, log = () => undefined } = {}) {
  const model = await startModel();
  const loop = { modelUrl: model.url, server: SERVER, asks: quick ? 100 : 1000, warmup: quick ? 100 : 500 };
  const figures = { mcpkit: [], sdk: [], start: [] };
  try {
    for (let rep = 1; rep <= reps; rep++) {
      for (const [name, script] of [
        ['mcpkit', 'mcpkitLoop.mjs'],
        ['sdk', 'sdkLoop.mjs'],
      ]) {
        const r = await run(script, loop);
        figures[name].push(r);
        log(
          `[host ${rep}/${reps}] ${name} loop: ${r.error ?? `${r.cpuUsPerRoundTrip.toFixed(0)} µs CPU, ${r.wallMsPerRoundTrip.toFixed(2)} ms wall per round trip`}`,
        );
      }
      const s = await run('startServers.mjs', { server: SERVER, count: 10, sequential: true });
      figures.start.push(s);
      log(
        `[host ${rep}/${reps}] start: ${s.error ?? `one ${s.oneMs.toFixed(0)} ms, ten at once ${s.concurrentMs.toFixed(0)} ms, ten in a row ${s.sequentialMs.toFixed(0)} ms`}`,
      );
    }
  } finally {
    model.stop();
  }
  const errors = [...figures.mcpkit, ...figures.sdk, ...figures.start].filter((r) => r.error).map((r) => r.error);
  const m = (list, key) => median(list.filter((r) => !r.error).map((r) => r[key]));
  const result = {
    hostCpuUs: m(figures.mcpkit, 'cpuUsPerRoundTrip'),
    hostWallMs: m(figures.mcpkit, 'wallMsPerRoundTrip'),
    sdkCpuUs: m(figures.sdk, 'cpuUsPerRoundTrip'),
    sdkWallMs: m(figures.sdk, 'wallMsPerRoundTrip'),
    oneServerMs: m(figures.start, 'oneMs'),
    tenConcurrentMs: m(figures.start, 'concurrentMs'),
    tenSequentialMs: m(figures.start, 'sequentialMs'),
    errors,
  };
  const f = (x, d = 0) => (x === undefined ? 'n/a' : x.toFixed(d));
  const markdown = `
## Host (mcpkit/host)

The host's own work per tool round trip (model answer with a tool call → policy → \`tools/call\` on a stdio
server → result → model answer), the fake model API (OpenAI format, streamed) and the server in other
processes; beside it the same loop written with the official SDKs (\`@modelcontextprotocol/sdk\` client +
\`openai\`). ${String(loop.asks)} round trips after ${String(loop.warmup)} of warm-up, median of ${String(reps)}.

| figure | mcpkit host | official SDKs | ratio |
| --- | ---: | ---: | ---: |
| host CPU per tool round trip (µs; target ≤ 1000) | ${f(result.hostCpuUs)} | ${f(result.sdkCpuUs)} | ${result.hostCpuUs && result.sdkCpuUs ? `${(result.hostCpuUs / result.sdkCpuUs).toFixed(2)}×` : 'n/a'} |
| wall time per round trip (ms) | ${f(result.hostWallMs, 2)} | ${f(result.sdkWallMs, 2)} | ${result.hostWallMs && result.sdkWallMs ? `${(result.hostWallMs / result.sdkWallMs).toFixed(2)}×` : 'n/a'} |

Ten stdio servers (mcpkit's echo server) started by one host: spawn, handshake, tools listed.

| figure | ms |
| --- | ---: |
| one server | ${f(result.oneServerMs)} |
| ten servers, concurrently (\`host.start()\`) | ${f(result.tenConcurrentMs)} |
| ten servers, one after another | ${f(result.tenSequentialMs)} |
${errors.length > 0 ? `\nERRORS: ${errors.join('; ')}\n` : ''}`;
  return { markdown, result };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  const outIndex = args.indexOf('--out');
  const { markdown, result } = await hostBench({ quick, log: (line) => console.error(line) });
  process.stdout.write(markdown);
  if (outIndex >= 0) writeFileSync(args[outIndex + 1], JSON.stringify(result, null, 1));
  if (result.errors.length > 0) process.exitCode = 1;
}
