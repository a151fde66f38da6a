#!/usr/bin/env node
// `npm run conformance`: runs the official MCP conformance suite
// (@modelcontextprotocol/conformance 0.1.16 and 0.2.0-alpha.12, on Node 22: the
// suites import `fs.globSync`, which Node 20 lacks; scripts/lib/nodes.mjs gives the binary) against mcpkit, and prints one line per
// run: `conformance <server|client> <suite version> <wire>: N passed, M failed`,
// counting scenarios; a scenario with a FAILURE or a WARNING counts as failed.
// Scenarios listed in EXPECTED_FAILURES below (each with a written reason)
// are reported but do not fail the run; the list is empty.
//
// Client scenarios run mcpkit's conformance client (`mcpkit conformance-client`,
// apps/cli/src/conformance) one at a time: every non-OAuth, non-extension one (the auth/* ones: see the
// authorization block below)
// (0.1.16: the four that need no OAuth; 0.2.0-alpha.12: what `list --client
// --spec-version <wire>` names, at both wires). The CLI must be built.
//
// The suite's two authorization-server scenarios run against `mcpkit auth-server` (their own line).
//
// Usage: node scripts/conformance.mjs [--server-only] [--client-only] [--auth-only] [--keep] [--verbose]
// (--auth-only: with --client-only, the authorization lines alone)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeBinary } from './lib/nodes.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const args = new Set(process.argv.slice(2));

function suiteEntry(alias) {
  return join(dirname(require.resolve(`${alias}/package.json`)), 'dist', 'index.js');
}

/**
 * Scenarios that may fail without failing the run, each with the reason, by
 * side: `{ server: { 'scenario-name': 'why' }, client: {} }`. Only a suite
 * bug the official SDK fails too belongs here.
 */
const EXPECTED_FAILURES = { server: {}, client: {} };

function expectedFailures() {
  return {
    server: new Set(Object.keys(EXPECTED_FAILURES.server)),
    client: new Set(Object.keys(EXPECTED_FAILURES.client)),
  };
}

/** Scenario verdicts from an output directory: every `checks.json` below it. */
function verdicts(dir) {
  const results = new Map();
  const walk = (d, rel) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (!statSync(p).isDirectory()) continue;
      const checksFile = join(p, 'checks.json');
      const scenario =
        (rel ? `${rel}/` : '') +
        name
          .replace(/^server-/, '')
          .replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z?$/, '')
          .replace(/-\d{10,}$/, '');
      if (existsSync(checksFile)) {
        const checks = JSON.parse(readFileSync(checksFile, 'utf8'));
        const bad = checks.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING');
        results.set(scenario, { ok: bad.length === 0, bad });
      } else walk(p, scenario);
    }
  };
  walk(dir, '');
  return results;
}

function startFixture() {
  const main = join(root, 'servers', 'conformance', 'dist', 'main.js');
  const child = spawn(process.execPath, [main], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolveUrl, reject) => {
    let buffer = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const m = /listening (\S+)/.exec(buffer);
      if (m) resolveUrl({ url: m[1], stop: () => child.kill('SIGTERM') });
    });
    child.once('exit', (code) => reject(new Error(`fixture server exited with ${code}`)));
  });
}

function report(kind, version, wire, results, expected) {
  let passed = 0;
  let failed = 0;
  for (const [scenario, v] of [...results].sort()) {
    if (v.ok) passed++;
    else {
      failed++;
      const excused = expected.has(scenario) ? ' (expected failure)' : '';
      const detail = v.bad.slice(0, 3).map((c) => `${c.status} ${c.id}: ${c.errorMessage ?? c.description ?? ''}`.slice(0, 200));
      process.stdout.write(`  ✗ ${scenario}${excused}\n${detail.map((d) => `      ${d}\n`).join('')}`);
    }
  }
  const unexpected = [...results].filter(([s, v]) => !v.ok && !expected.has(s)).length;
  process.stdout.write(`conformance ${kind} ${version} ${wire}: ${passed} passed, ${failed} failed\n`);
  return { passed, failed, unexpected };
}

/** The client scenarios a suite lists at `wire`, without OAuth (`auth/*`) and extensions. */
function clientScenarios(entry, wire) {
  const r = spawnSync(node, [entry, 'list', '--client', '--spec-version', wire], { cwd: root, encoding: 'utf8' });
  return [...r.stdout.matchAll(/^\s*-\s+(\S+)\s+\[([^\]]*)\]/gm)]
    .filter(([, name, tags]) => !name.startsWith('auth/') && tags !== 'extension')
    .map(([, name]) => name);
}

/** Runs the suite with `argv`, its output in `outDir`; resolves with its exit status. */
function run(node, entry, argv, outDir) {
  return new Promise((resolveStatus) => {
    const child = spawn(node, [entry, ...argv, '-o', outDir], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.once('close', (status) => {
      if (args.has('--verbose')) process.stdout.write(output);
      resolveStatus(status);
    });
  });
}

/**
 * Runs client scenarios with mcpkit's conformance client, `concurrency` at a
 * time (1 where timing matters: sse-retry measures reconnection delays; the
 * auth scenarios each start their own servers on free ports, so they run
 * side by side), and returns their verdicts. A scenario also fails when the
 * client exited non-zero or left no checks.
 */
async function runClientScenarios(entry, scenarios, extra, outDir, concurrency = 1) {
  const bin = join(root, 'apps', 'cli', 'dist', 'bin.js');
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run \`npm run build\` first`);
  // The suite splits the command on spaces: neither path may contain one.
  const command = `${process.execPath} ${bin} conformance-client`;
  const exits = new Map();
  const queue = [...scenarios];
  const worker = async () => {
    for (let scenario = queue.shift(); scenario !== undefined; scenario = queue.shift()) {
      const argv = ['client', '--command', command, '--scenario', scenario, ...extra];
      exits.set(scenario, await run(node, entry, argv, outDir));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  const results = existsSync(outDir) ? verdicts(outDir) : new Map();
  for (const [scenario, status] of exits) {
    const v = results.get(scenario);
    if (v === undefined)
      results.set(scenario, {
        ok: false,
        bad: [{ status: 'FAILURE', id: 'no-checks', errorMessage: `no checks recorded (suite exit ${status})` }],
      });
    else if (status !== 0 && v.ok)
      results.set(scenario, {
        ok: false,
        bad: [{ status: 'FAILURE', id: 'client-exit', errorMessage: `the client or the suite exited ${status}` }],
      });
  }
  return results;
}

const node = await nodeBinary(22);
const expected = expectedFailures();
const work = mkdtempSync(join(tmpdir(), 'mcpkit-conformance-'));
let unexpected = 0;
const totals = { passed: 0, failed: 0 };
const add = (r) => {
  totals.passed += r.passed;
  totals.failed += r.failed;
  unexpected += r.unexpected;
};

if (!args.has('--client-only')) {
  const fixture = await startFixture();
  try {
    const v1 = join(work, 'server-0.1');
    await run(node, suiteEntry('conformance-0.1'), ['server', '--url', fixture.url, '--suite', 'all'], v1);
    add(report('server', '0.1.16', '2025-11-25', verdicts(v1), expected.server));
    for (const wire of ['2025-11-25', '2026-07-28']) {
      const out = join(work, `server-0.2-${wire}`);
      await run(
        node,
        suiteEntry('conformance-0.2'),
        ['server', '--url', fixture.url, '--suite', 'all', '--spec-version', wire],
        out,
      );
      add(report('server', '0.2.0-alpha.12', wire, verdicts(out), expected.server));
    }
  } finally {
    fixture.stop();
  }
}

// ---- Tasks extension (io.modelcontextprotocol/tasks): server scenarios --------------------------------------
// The 0.2.0-alpha.12 suite tags them `[extension]` in `list --server`; `--suite all` with a `--spec-version`
// never selects them, so each `tasks-*` one runs alone with `--scenario`, at the extension's default wire
// (2026-07-28). A scenario whose checks are all SKIPPED (tasks-status-notifications, always) counts as passed;
// one that left no checks counts as failed. Prints `conformance server 0.2.0-alpha.12 extensions: N passed, M failed`.
function taskScenarios(entry) {
  const r = spawnSync(node, [entry, 'list', '--server'], { cwd: root, encoding: 'utf8' });
  return [...r.stdout.matchAll(/^\s*-\s+(tasks-\S+)\s+\[extension\]/gm)].map(([, name]) => name);
}

if (!args.has('--client-only')) {
  const fixture = await startFixture();
  try {
    const entry = suiteEntry('conformance-0.2');
    const out = join(work, 'server-0.2-extensions');
    const scenarios = taskScenarios(entry);
    for (const scenario of scenarios) await run(node, entry, ['server', '--url', fixture.url, '--scenario', scenario], out);
    const results = existsSync(out) ? verdicts(out) : new Map();
    for (const scenario of scenarios) {
      if (!results.has(scenario))
        results.set(scenario, { ok: false, bad: [{ status: 'FAILURE', id: 'no-checks', errorMessage: 'no checks recorded' }] });
    }
    add(report('server', '0.2.0-alpha.12', 'extensions', results, expected.server));
  } finally {
    fixture.stop();
  }
}
// ---- end of the tasks extension block ----------------------------------------------------------------------

// ---- Authorization-server scenarios against `mcpkit auth-server` ------------------------------------------
// The 0.2.0-alpha.12 `authorization` command checks an OAuth authorization server: its RFC 8414 metadata, and an
// authorization code grant it asks a person to complete in a browser. The dev server runs with --auto-approve
// and a pre-registered public client, and this script plays the browser: it follows the printed URL to the
// suite's callback. Prints `conformance authorization-server 0.2.0-alpha.12 all: N passed, M failed`.
async function runAuthorizationServer(entry, outDir) {
  const bin = join(root, 'apps', 'cli', 'dist', 'bin.js');
  const port = 38000 + Math.floor(Math.random() * 2000);
  const callback = `http://127.0.0.1:${port}/callback`;
  const as = spawn(
    process.execPath,
    [bin, 'auth-server', '--port', '0', '--auto-approve', '--client-id', 'conformance', '--redirect-uri', callback],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  try {
    const issuer = await new Promise((resolveUrl, reject) => {
      let text = '';
      as.stdout.on('data', (chunk) => {
        text += chunk;
        const m = /listening (\S+)/.exec(text);
        if (m) resolveUrl(m[1]);
      });
      as.once('exit', (code) => reject(new Error(`mcpkit auth-server exited with ${code}`)));
    });
    const suite = spawn(
      node,
      [entry, 'authorization', '--url', issuer, '--client-id', 'conformance', '--port', String(port), '-o', outDir],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let seen = '';
    suite.stdout.on('data', (chunk) => {
      seen += chunk;
      const m = /^(http\S+\/authorize\?\S+)$/m.exec(seen);
      if (!m) return;
      seen = '';
      void (async () => {
        const answer = await fetch(m[1], { redirect: 'manual' });
        const location = answer.headers.get('location');
        // The suite may still be opening its callback listener: a few tries.
        for (let i = 0; location && i < 20; i++) {
          const ok = await fetch(location).then(
            () => true,
            () => false,
          );
          if (ok) break;
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
    });
    if (args.has('--verbose')) suite.stderr.pipe(process.stderr);
    await new Promise((r) => suite.once('exit', r));
  } finally {
    as.kill('SIGTERM');
  }
  const results = new Map();
  for (const [name, v] of existsSync(outDir) ? verdicts(outDir) : []) results.set(name.replace(/^authorization-server-/, ''), v);
  for (const scenario of ['authorization-server-metadata-endpoint', 'authorization-code-grant'])
    if (!results.has(scenario))
      results.set(scenario, { ok: false, bad: [{ status: 'FAILURE', id: 'no-checks', errorMessage: 'no checks recorded' }] });
  return results;
}

if (!args.has('--client-only')) {
  const results = await runAuthorizationServer(suiteEntry('conformance-0.2'), join(work, 'authorization-server'));
  add(report('authorization-server', '0.2.0-alpha.12', 'all', results, new Set()));
}
// ---- end of the authorization-server block -----------------------------------------------------------------

if (!args.has('--server-only') && !args.has('--auth-only')) {
  const v1Entry = suiteEntry('conformance-0.1');
  const v1Scenarios = ['initialize', 'tools_call', 'elicitation-sep1034-client-defaults', 'sse-retry'];
  add(
    report(
      'client',
      '0.1.16',
      '2025-11-25',
      await runClientScenarios(v1Entry, v1Scenarios, [], join(work, 'client-0.1')),
      expected.client,
    ),
  );
  const v2Entry = suiteEntry('conformance-0.2');
  for (const wire of ['2025-11-25', '2026-07-28']) {
    const scenarios = clientScenarios(v2Entry, wire);
    const out = join(work, `client-0.2-${wire}`);
    add(
      report(
        'client',
        '0.2.0-alpha.12',
        wire,
        await runClientScenarios(v2Entry, scenarios, ['--spec-version', wire], out),
        expected.client,
      ),
    );
  }
}

// ---- Authorization: client auth/* scenarios ---------------------------------------------------------------
// mcpkit's conformance client authorizes through mcpkit/auth (headless: the mock authorization server redirects at
// once). Lines, one per suite, wire and group: `client <suite> <wire> auth` (every auth/* a suite lists for that wire,
// plus, on the 2025-11-25 line of 0.2.0-alpha.12, the two 2025-03-26 backcompat ones, which that suite runs only
// without --spec-version), and `client <suite> extensions auth` (the auth extension scenarios, at their default wire).
// Three at a time: each waits on its own local servers more than it computes (about 3.5 s wall, 1 s CPU).
const AUTH_CONCURRENCY = 3;

function authScenarios(entry, wire, extensions) {
  const argv = [entry, 'list', '--client', ...(wire === undefined ? [] : ['--spec-version', wire])];
  const r = spawnSync(node, argv, { cwd: root, encoding: 'utf8' });
  return [...r.stdout.matchAll(/^\s*-\s+(auth\/\S+)\s+\[([^\]]*)\]/gm)]
    .filter(([, , tags]) => (tags === 'extension') === extensions)
    .map(([, name]) => name);
}

if (!args.has('--server-only')) {
  const v1 = suiteEntry('conformance-0.1');
  const v1Auth = authScenarios(v1, undefined, false);
  add(
    report(
      'client',
      '0.1.16',
      '2025-11-25 auth',
      await runClientScenarios(v1, v1Auth, [], join(work, 'auth-0.1'), AUTH_CONCURRENCY),
      expected.client,
    ),
  );
  const v1Ext = authScenarios(v1, undefined, true);
  add(
    report(
      'client',
      '0.1.16',
      'extensions auth',
      await runClientScenarios(v1, v1Ext, [], join(work, 'auth-0.1-ext'), AUTH_CONCURRENCY),
      expected.client,
    ),
  );
  const v2 = suiteEntry('conformance-0.2');
  for (const wire of ['2025-11-25', '2026-07-28']) {
    const out = join(work, `auth-0.2-${wire}`);
    const results = await runClientScenarios(v2, authScenarios(v2, wire, false), ['--spec-version', wire], out, AUTH_CONCURRENCY);
    if (wire === '2025-11-25') {
      const backcompat = authScenarios(v2, undefined, false).filter((s) => s.startsWith('auth/2025-03-26-'));
      for (const [s, v] of await runClientScenarios(v2, backcompat, [], `${out}-backcompat`, AUTH_CONCURRENCY)) results.set(s, v);
    }
    add(report('client', '0.2.0-alpha.12', `${wire} auth`, results, expected.client));
  }
  const v2Ext = authScenarios(v2, undefined, true);
  add(
    report(
      'client',
      '0.2.0-alpha.12',
      'extensions auth',
      await runClientScenarios(v2, v2Ext, [], join(work, 'auth-0.2-ext'), AUTH_CONCURRENCY),
      expected.client,
    ),
  );
}
// ---- end of the authorization block ------------------------------------------------------------------------

if (!args.has('--keep')) rmSync(work, { recursive: true, force: true });
else process.stdout.write(`outputs kept in ${work}\n`);
process.stdout.write(`conformance total: ${totals.passed} passed, ${totals.failed} failed\n`);
process.exit(unexpected === 0 ? 0 : 1);
