#!/usr/bin/env node
// The README's test command: build, type-check, lint, then every test; ends
// with one summary line, `N passed, M failed`, counting test cases (and, where
// a step fails before any test runs, that step as one failure).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const extra = process.argv.slice(2);
let passed = 0;
let failed = 0;

function step(name, command, args) {
  process.stdout.write(`\n== ${name}: ${command} ${args.join(' ')}\n`);
  const r = spawnSync(command, args, { stdio: 'inherit' });
  if (r.status === 0) return true;
  process.stdout.write(`== ${name} FAILED (exit ${String(r.status ?? r.signal)})\n`);
  return false;
}

const checks = [
  ['build', 'npm', ['run', '--silent', 'build']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
];
if (extra.length === 0) {
  for (const [name, command, args] of checks) {
    if (step(name, command, args)) passed++;
    else failed++;
  }
}

const dir = mkdtempSync(join(tmpdir(), 'mcpkit-test-'));
const report = join(dir, 'vitest.json');
step('vitest', npx, ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra]);
try {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed += json.numPassedTests;
  failed += json.numFailedTests;
  // A file that fails to load has no test results but is a failure.
  for (const file of json.testResults ?? []) if (file.status === 'failed' && file.assertionResults.length === 0) failed++;
} catch {
  process.stdout.write('== vitest produced no report\n');
  failed++;
}
rmSync(dir, { recursive: true, force: true });

process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
