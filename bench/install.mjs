#!/usr/bin/env node
/**
 * Install footprint: what `npx mcpkit serve everything` costs a user before
 * the first message, beside the official `npx -y @modelcontextprotocol/server-everything`.
 *
 * - the packed size (and unpacked) of every publishable package (`npm pack`);
 * - the registry layout of `npx mcpkit`: mcpkit's tarball alone installed with
 *   `npm install` into an empty folder (its dependencies from the registry,
 *   through npm's cache as npx would), against the official server installed
 *   the same way: install wall time, packages, bytes on disk;
 * - from each installed folder, the time from spawning `serve everything` to
 *   its answer to `initialize` (one cold start after the install).
 *
 *   node bench/install.mjs [--quick] [--json]
 *
 * Install times depend on the registry and the cache: both installs use
 * `--prefer-offline` with the same cache, so a warm cache compares the work
 * npm does on this machine (extracting, linking), not the network.
 * `--quick` measures one install of each instead of three.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const asJson = args.includes('--json');
const ROUNDS = quick ? 1 : 3;

/** The environment of a user's shell: no npm script variables. */
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) && key !== 'INIT_CWD'));

function npm(argv, cwd) {
  const r = spawnSync('npm', argv, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`npm ${argv.join(' ')}: ${r.stderr.trim().split('\n').slice(-3).join(' | ')}`);
  return r.stdout;
}

function publishable() {
  return ['packages', 'apps', 'servers']
    .flatMap((parent) => readdirSync(join(ROOT, parent)).map((dir) => `${parent}/${dir}`))
    .filter((dir) => existsSync(join(ROOT, dir, 'package.json')))
    .filter((dir) => JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')).private !== true);
}

/** Bytes on disk under `dir` (files' sizes; links not followed) and the packages in its node_modules. */
function footprint(dir) {
  let bytes = 0;
  let packages = 0;
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) {
        if (existsSync(join(path, 'package.json')) && d.endsWith('node_modules')) packages++;
        else if (entry.name.startsWith('@') && d.endsWith('node_modules')) {
          for (const scoped of readdirSync(path)) if (existsSync(join(path, scoped, 'package.json'))) packages++;
        }
        walk(path);
      } else bytes += lstatSync(path).size;
    }
  };
  walk(join(dir, 'node_modules'));
  return { bytes, packages };
}

/** Installs `specs` into a fresh folder; the folder, the wall time and the footprint. */
function install(work, name, specs) {
  const dir = mkdtempSync(join(work, `${name}-`));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'a-user', private: true }));
  const start = performance.now();
  npm(['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...specs], dir);
  return { dir, ms: performance.now() - start, ...footprint(dir) };
}

/** Spawns `command args` and resolves with the milliseconds until it answers `initialize`. */
function firstAnswer(command, argv, cwd) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(command, argv, { cwd, env, stdio: ['pipe', 'pipe', 'ignore'] });
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${argv.join(' ')}: no answer within 60 s`));
    }, 60_000);
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      out += chunk;
      if (!out.includes('"id":1')) return;
      const ms = performance.now() - start;
      clearTimeout(timer);
      child.kill();
      resolve(ms);
    });
    child.once('error', reject);
    const params = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } };
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params })}\n`);
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mb = (bytes) => (bytes / 1e6).toFixed(1);

const work = mkdtempSync(join(tmpdir(), 'mcpkit-bench-install-'));
try {
  const tarballs = join(work, 'tarballs');
  mkdirSync(tarballs);
  const packed = JSON.parse(
    npm(
      ['pack', '--ignore-scripts', '--json', '--pack-destination', tarballs, ...publishable().flatMap((d) => ['--workspace', d])],
      ROOT,
    ),
  ).map((p) => ({ name: p.name, packedBytes: p.size, unpackedBytes: p.unpackedSize, files: p.entryCount }));
  const mcpkitTarball = join(
    tarballs,
    readdirSync(tarballs).find((f) => /^mcpkit-\d/.test(f)),
  );
  const officialVersion = JSON.parse(
    readFileSync(join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/package.json'), 'utf8'),
  ).version;
  const official = `@modelcontextprotocol/server-everything@${officialVersion}`;

  const rounds = { mcpkit: [], official: [] };
  for (let round = 0; round < ROUNDS; round++) {
    // Interleaved, so a slow moment of the machine or the registry falls on both.
    rounds.mcpkit.push(install(work, 'mcpkit', [mcpkitTarball]));
    rounds.official.push(install(work, 'official', [official]));
  }
  const layout = {};
  for (const [name, installs] of Object.entries(rounds)) {
    const last = installs.at(-1);
    const command =
      name === 'mcpkit'
        ? [join(last.dir, 'node_modules/.bin/mcpkit'), ['serve', 'everything']]
        : [join(last.dir, 'node_modules/.bin/mcp-server-everything'), ['stdio']];
    layout[name] = {
      installMs: median(installs.map((i) => i.ms)),
      bytes: last.bytes,
      packages: last.packages,
      firstAnswerMs: await firstAnswer(command[0], command[1], last.dir),
    };
  }
  const report = { node: process.version, rounds: ROUNDS, packed, official, layout };
  const ratio = (key) => (layout.mcpkit[key] / layout.official[key]).toFixed(2);
  const markdown = [
    '## Install footprint',
    '',
    `\`npx mcpkit serve everything\` from the registry layout (mcpkit's tarball alone, \`npm install\` into an empty folder) beside \`${official}\`; ${String(ROUNDS)} interleaved installs each (median time), npm cache warm, Node ${process.version}.`,
    '',
    '| figure | mcpkit | official | mcpkit ÷ official |',
    '| --- | ---: | ---: | ---: |',
    `| install time | ${(layout.mcpkit.installMs / 1000).toFixed(1)} s | ${(layout.official.installMs / 1000).toFixed(1)} s | ${ratio('installMs')}× |`,
    `| on disk | ${mb(layout.mcpkit.bytes)} MB | ${mb(layout.official.bytes)} MB | ${ratio('bytes')}× |`,
    `| packages | ${String(layout.mcpkit.packages)} | ${String(layout.official.packages)} | ${ratio('packages')}× |`,
    `| spawn to first answer | ${layout.mcpkit.firstAnswerMs.toFixed(0)} ms | ${layout.official.firstAnswerMs.toFixed(0)} ms | ${ratio('firstAnswerMs')}× |`,
    '',
    '| package | packed | unpacked | files |',
    '| --- | ---: | ---: | ---: |',
    ...packed.map(
      (p) =>
        `| ${p.name} | ${(p.packedBytes / 1000).toFixed(0)} kB | ${(p.unpackedBytes / 1000).toFixed(0)} kB | ${String(p.files)} |`,
    ),
    '',
  ].join('\n');
  process.stdout.write(asJson ? `${JSON.stringify({ ...report, markdown })}\n` : markdown);
} finally {
  rmSync(work, { recursive: true, force: true });
}
