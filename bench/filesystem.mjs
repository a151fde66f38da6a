#!/usr/bin/env node
/**
 * The filesystem server against the official one (`@modelcontextprotocol/server-filesystem`),
 * side by side, rounds interleaved: `read_text_file` of a 10 MB file and
 * `search_files` over 10,000 files. Both servers run as stdio processes on the
 * same Node, driven by the same mcpkit client; each gets its own copy of the
 * same tree.
 *
 *   node bench/filesystem.mjs            full (10 MB, 10,000 files, 3 rounds)
 *   node bench/filesystem.mjs --quick    small (1 MB, 1,000 files, 1 round)
 *   node bench/filesystem.mjs --json     print the results as JSON, with the markdown (for run.mjs)
 *
 * Figures per call: wall time (median, client to client) and the server
 * process's CPU time (user + system, from /proc/<pid>/stat; n/a elsewhere).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectServer, summarize, timeCalls } from './lib/serverRounds.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const asJson = args.includes('--json');
const SIZES = quick
  ? { fileMB: 1, files: 1000, rounds: 1, readCalls: 3, searchCalls: 3 }
  : { fileMB: 10, files: 10_000, rounds: 3, readCalls: 8, searchCalls: 8 };

const SERVERS = {
  mcpkit: (dir) => [join(ROOT, 'packages/mcpkit/bin/mcpkit.js'), 'serve', 'filesystem', dir],
  official: (dir) => [join(ROOT, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js'), dir],
};

/** A tree: big.txt (text lines) and `files` small files in 100 directories, a third of them .js. */
function makeTree(dir) {
  const line = 'The quick brown fox jumps over the lazy dog; 0123456789 abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLM.\n';
  writeFileSync(join(dir, 'big.txt'), line.repeat(Math.ceil((SIZES.fileMB * 1024 * 1024) / line.length)));
  for (let i = 0; i < SIZES.files; i++) {
    const sub = join(dir, 'src', `d${String(i % 100)}`);
    if (i < 100) mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, `f${String(i)}${i % 3 === 0 ? '.js' : '.txt'}`), 'x\n');
  }
}

async function runOne(server, dir) {
  const peer = await connectServer(process.execPath, SERVERS[server](dir));
  try {
    const read = await timeCalls(peer, 'read_text_file', () => ({ path: join(dir, 'big.txt') }), SIZES.readCalls);
    const search = await timeCalls(peer, 'search_files', () => ({ path: dir, pattern: '**/*.js' }), SIZES.searchCalls);
    return { read, search };
  } finally {
    await peer.client.close();
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'mcpkit-bench-fs-'));
const results = { mcpkit: [], official: [] };
try {
  const dirs = {};
  for (const server of Object.keys(SERVERS)) {
    dirs[server] = join(scratch, server);
    mkdirSync(dirs[server]);
    makeTree(dirs[server]);
  }
  for (let round = 0; round < SIZES.rounds; round++) {
    for (const server of Object.keys(SERVERS)) {
      const r = await runOne(server, dirs[server]);
      results[server].push(r);
      if (!asJson)
        console.error(
          `[${String(round + 1)}/${String(SIZES.rounds)}] ${server.padEnd(9)} read ${r.read.wallMs.toFixed(1)} ms (cpu ${String(r.read.serverCpuMs?.toFixed(1))})  search ${r.search.wallMs.toFixed(1)} ms (cpu ${String(r.search.serverCpuMs?.toFixed(1))})`,
        );
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const { summary, ratios } = summarize(results, ['read', 'search']);
const report = {
  node: process.version,
  sizes: SIZES,
  summary,
  ratios,
};

/** The markdown section for the report. */
function markdown(r) {
  const f = (v, digits = 1) => (v === undefined ? 'n/a' : v.toFixed(digits));
  const x = (v) => (v === undefined ? 'n/a' : `${v.toFixed(2)}×`);
  const met = (v) => (v === undefined ? 'n/a' : v <= 0.5 ? 'yes' : '**no**');
  return [
    `## Filesystem server: mcpkit vs @modelcontextprotocol/server-filesystem`,
    '',
    `Node ${r.node}; ${String(r.sizes.fileMB)} MB file, ${String(r.sizes.files)} files; medians of ${String(r.sizes.rounds)} rounds. Target: at most half the official server's time.`,
    '',
    '| operation | figure | mcpkit | official | mcpkit ÷ official | ≤ 0.5 |',
    '| --- | --- | --- | --- | --- | --- |',
    `| read_text_file ${String(r.sizes.fileMB)} MB | wall ms per call | ${f(r.summary.mcpkit.readWallMs)} | ${f(r.summary.official.readWallMs)} | ${x(r.ratios.readWall)} | ${met(r.ratios.readWall)} |`,
    `| read_text_file ${String(r.sizes.fileMB)} MB | server CPU ms per call | ${f(r.summary.mcpkit.readCpuMs)} | ${f(r.summary.official.readCpuMs)} | ${x(r.ratios.readCpu)} | ${met(r.ratios.readCpu)} |`,
    `| search_files over ${String(r.sizes.files)} files | wall ms per call | ${f(r.summary.mcpkit.searchWallMs)} | ${f(r.summary.official.searchWallMs)} | ${x(r.ratios.searchWall)} | ${met(r.ratios.searchWall)} |`,
    `| search_files over ${String(r.sizes.files)} files | server CPU ms per call | ${f(r.summary.mcpkit.searchCpuMs)} | ${f(r.summary.official.searchCpuMs)} | ${x(r.ratios.searchCpu)} | ${met(r.ratios.searchCpu)} |`,
    '',
  ].join('\n');
}

process.stdout.write(asJson ? `${JSON.stringify({ ...report, markdown: markdown(report) })}\n` : markdown(report));
