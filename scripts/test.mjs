#!/usr/bin/env node
// The README's test command (`npm test`): the build, then the stages below in
// lanes side by side, then a table of what each stage took. Ends with one
// summary line, `N passed, M failed`, counting test cases and conformance
// scenarios (and a stage that fails before any test runs as one failure).
//
// The stages are the vitest projects of vitest.config.ts (one per cost class)
// plus the checks and the conformance suite, in three lanes side by side on
// two cores: the type-check and the in-process units (also on Node 22 and 24);
// lint and the conformance suite; and the stages that mostly wait on processes
// they spawn (process, Redis, Chromium, the install), which leave room for the
// others. Each stage's output is printed whole when it ends, so the lanes'
// lines do not interleave. The bench's whole quick run
// is `npm run test:bench` (minutes of both cores); its smoke is a process test.
//
// Tests run on the machine's own Node (the one on PATH outside node_modules):
// the library must work on Node 20. The library's units also run on Node 22
// and 24 (scripts/lib/nodes.mjs installs those on demand).
//
// Usage: npm test [-- <vitest filters>]   (with filters: only those tests, every project)
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const extra = process.argv.slice(2);
const outsideModules = (process.env.PATH ?? '').split(delimiter).filter((d) => d && !d.includes('node_modules'));
const env = { ...process.env, PATH: outsideModules.join(delimiter) };
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const vitestBin = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const scratch = mkdtempSync(join(tmpdir(), 'mcpkit-test-'));

function systemNode() {
  for (const dir of outsideModules) {
    const candidate = join(dir, process.platform === 'win32' ? 'node.exe' : 'node');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return process.execPath;
}
const node = systemNode();

/** Runs a command with its output captured (stdout and stderr, in order). */
function capture(command, argv, options = {}) {
  return new Promise((done) => {
    const child = spawn(command, argv, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => done({ ok: code === 0, exit: code ?? signal, output: Buffer.concat(chunks).toString() }));
  });
}

const stages = [];
let passed = 0;
let failed = 0;

/**
 * Runs one stage: `body` resolves to `{ output, passed, failed, note? }`.
 * Prints a line when it starts, and its output and wall time when it ends.
 */
async function stage(name, body) {
  process.stdout.write(`== ${name}: started\n`);
  const started = performance.now();
  let result;
  try {
    result = await body();
  } catch (error) {
    result = { output: `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`, passed: 0, failed: 1 };
  }
  const seconds = (performance.now() - started) / 1000;
  passed += result.passed;
  failed += result.failed;
  stages.push({ name, seconds, passed: result.passed, failed: result.failed });
  const verdict = result.failed === 0 ? 'ok' : 'FAILED';
  process.stdout.write(`\n== ${name}\n${result.output}== ${name}: ${verdict} in ${seconds.toFixed(1)} s${result.note ?? ''}\n`);
}

/** An npm script as a stage: one pass or one failure. */
function script(name) {
  return stage(name, async () => {
    const r = await capture(npm, ['run', '--silent', name]);
    return { output: r.output, passed: r.ok ? 1 : 0, failed: r.ok ? 0 : 1, note: r.ok ? '' : ` (exit ${String(r.exit)})` };
  });
}

/** Vitest on `projects` (every project when empty), counted from its JSON report. */
async function vitest(projects, { binary = node, args = [] } = {}) {
  const report = join(
    scratch,
    `vitest-${projects.join('-') || 'all'}-${String(stages.length)}-${String(Math.random()).slice(2)}.json`,
  );
  const selected = projects.flatMap((p) => ['--project', p]);
  const r = await capture(
    binary,
    [vitestBin, 'run', ...selected, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
    { env },
  );
  let json;
  try {
    json = JSON.parse(readFileSync(report, 'utf8'));
  } catch {
    return { output: `${r.output}vitest produced no report (exit ${String(r.exit)})\n`, passed: 0, failed: 1 };
  }
  let fails = json.numFailedTests;
  // A test file that fails to load has no test results but is a failure.
  for (const file of json.testResults ?? []) if (file.status === 'failed' && file.assertionResults.length === 0) fails++;
  // Vitest failing with every test passed (an unhandled error, a leaked handle) is a failure too.
  if (!r.ok && fails === 0) fails = 1;
  return { output: r.output, passed: json.numPassedTests, failed: fails };
}

function vitestStage(label, projects, options) {
  return stage(label, () => vitest(projects, options));
}

/** The library's units on another Node major, installed on demand. */
function unitsOn(major) {
  return stage(`unit on Node ${String(major)}`, async () => {
    const { nodeBinary } = await import('./lib/nodes.mjs');
    const binary = await nodeBinary(major);
    return vitest(['unit'], { binary });
  });
}

function conformance() {
  return stage('conformance', async () => {
    const r = await capture(node, [join(root, 'scripts', 'conformance.mjs')], { env: process.env });
    const total = /conformance total: (\d+) passed, (\d+) failed/.exec(r.output);
    if (!total) return { output: r.output, passed: 0, failed: 1 };
    return { output: r.output, passed: Number(total[1]), failed: Number(total[2]) };
  });
}

/** Runs the stages of one lane one after another. */
async function lane(...steps) {
  for (const step of steps) await step();
}

/** CPU seconds (user + sys) of this process and every child it waited for (Linux; undefined elsewhere). */
function cpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    // After the command: state is field 3, so utime..cstime (14..17) are at 11..14.
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    const hz = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
    return ticks / hz;
  } catch {
    return undefined;
  }
}

const began = performance.now();
if (extra.length > 0) {
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  await stage(`vitest on ${version}, filtered`, () => vitest([], { args: extra }));
} else {
  await script('build');
  await Promise.all([
    lane(
      () => script('typecheck'),
      () => vitestStage('unit, built, sdk, fuzz', ['unit', 'built', 'sdk', 'fuzz']),
      () => unitsOn(22),
      () => unitsOn(24),
    ),
    lane(() => script('lint'), conformance),
    lane(
      () => vitestStage('process', ['process']),
      () => vitestStage('redis', ['redis']),
      () => vitestStage('browser', ['browser']),
      () => vitestStage('install', ['install']),
    ),
  ]);
}
rmSync(scratch, { recursive: true, force: true });

const wall = (performance.now() - began) / 1000;
const cpu = cpuSeconds();
const width = Math.max(...stages.map((s) => s.name.length));
process.stdout.write('\n== stage times (wall; the lanes overlap)\n');
for (const s of stages) {
  const counts = `${String(s.passed)} passed${s.failed > 0 ? `, ${String(s.failed)} FAILED` : ''}`;
  process.stdout.write(`  ${s.name.padEnd(width)}  ${s.seconds.toFixed(1).padStart(6)} s  ${counts}\n`);
}
const cpuNote = cpu === undefined ? '' : `, ${cpu.toFixed(0)} s CPU (user+sys)`;
process.stdout.write(`  ${'total'.padEnd(width)}  ${wall.toFixed(1).padStart(6)} s${cpuNote}\n`);
process.stdout.write(`\n${String(passed)} passed, ${String(failed)} failed\n`);
process.exit(failed === 0 ? 0 : 1);
