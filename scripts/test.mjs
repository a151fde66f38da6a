#!/usr/bin/env node
// The README's test command (`npm test`): build, type-check, lint, every test,
// then the official conformance suite. Ends with one summary line,
// `N passed, M failed`, counting test cases and conformance scenarios (and a
// step that fails before any test runs as one failure).
//
// Tests run on the machine's own Node (the one on PATH outside node_modules),
// not on the Node 22 that the `node` dev dependency puts in node_modules/.bin
// for the conformance suite: the library must work on Node 20.
//
// Usage: npm test [-- <vitest filters>]   (with filters: only those tests)
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const extra = process.argv.slice(2);
const outsideModules = (process.env.PATH ?? '').split(delimiter).filter((d) => d && !d.includes('node_modules'));
const env = { ...process.env, PATH: outsideModules.join(delimiter) };

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

let passed = 0;
let failed = 0;

function step(name, command, argv, options = {}) {
  process.stdout.write(`\n== ${name}\n`);
  const r = spawnSync(command, argv, { stdio: 'inherit', cwd: root, ...options });
  if (r.status === 0) return true;
  process.stdout.write(`== ${name} FAILED (exit ${String(r.status ?? r.signal)})\n`);
  return false;
}

const node = systemNode();
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
if (extra.length === 0) {
  for (const [name, script] of [
    ['build', 'build'],
    ['typecheck', 'typecheck'],
    ['lint', 'lint'],
  ]) {
    if (step(name, npm, ['run', '--silent', script])) passed++;
    else failed++;
  }
}

const dir = mkdtempSync(join(tmpdir(), 'mcpkit-test-'));
const report = join(dir, 'vitest.json');
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
step(
  `vitest on ${spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim()}`,
  node,
  [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra],
  { env },
);
try {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed += json.numPassedTests;
  failed += json.numFailedTests;
  // A test file that fails to load has no test results but is a failure.
  for (const file of json.testResults ?? []) if (file.status === 'failed' && file.assertionResults.length === 0) failed++;
} catch {
  process.stdout.write('== vitest produced no report\n');
  failed++;
}
rmSync(dir, { recursive: true, force: true });

if (extra.length === 0) {
  const r = spawnSync(node, [join(root, 'scripts', 'conformance.mjs')], { cwd: root, encoding: 'utf8', env: process.env });
  process.stdout.write(`\n== conformance\n${r.stdout}${r.stderr}`);
  const total = /conformance total: (\d+) passed, (\d+) failed/.exec(r.stdout);
  if (total) {
    passed += Number(total[1]);
    failed += Number(total[2]);
  } else failed++;
}

process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
