#!/usr/bin/env node
/**
 * The memory server against the official one (`@modelcontextprotocol/server-memory`),
 * on the same graph (5,000 entities, 3 observations each, 5,000 relations):
 * `search_nodes` (a selective query; ours uses its trigram index, the official
 * server reads and scans its whole file) and `add_observations` (ours: one
 * transaction; the official server rewrites its whole file).
 *
 *   node bench/memory.mjs [--quick] [--json]
 *
 * Both servers run on the Node that better-sqlite3 was built for (the first
 * `node` on PATH outside node_modules).
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectServer, summarize, timeCalls } from './lib/serverRounds.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const asJson = args.includes('--json');
const SIZES = quick ? { entities: 500, rounds: 1, calls: 5 } : { entities: 5000, rounds: 3, calls: 20 };

/** The machine's own Node (not node_modules/.bin's), which native modules were built for. */
function systemNode() {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir === '' || dir.includes('node_modules')) continue;
    try {
      accessSync(join(dir, 'node'), constants.X_OK);
      return join(dir, 'node');
    } catch {
      // not here
    }
  }
  return process.execPath;
}
const NODE = systemNode();

function writeGraph(file) {
  const lines = [];
  for (let i = 0; i < SIZES.entities; i++)
    lines.push(
      JSON.stringify({
        type: 'entity',
        name: `entity ${String(i)}`,
        entityType: ['person', 'place', 'thing'][i % 3],
        observations: [`was noted on day ${String(i % 365)}`, `belongs to group ${String(i % 50)}`, `note ${String(i * 7919)}`],
      }),
    );
  for (let i = 0; i < SIZES.entities; i++)
    lines.push(
      JSON.stringify({
        type: 'relation',
        from: `entity ${String(i)}`,
        to: `entity ${String((i * 31) % SIZES.entities)}`,
        relationType: 'knows',
      }),
    );
  writeFileSync(file, lines.join('\n'));
}

const SERVERS = {
  mcpkit: (dir) => ({
    args: [join(ROOT, 'packages/mcpkit/bin/mcpkit.js'), 'serve', 'memory'],
    env: { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') },
  }),
  official: (dir) => ({
    args: [join(ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js')],
    env: { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') },
  }),
};

async function runOne(server, dir) {
  const { args: argv, env } = SERVERS[server](dir);
  const peer = await connectServer(NODE, argv, env);
  try {
    const search = await timeCalls(peer, 'search_nodes', (i) => ({ query: `entity ${String(100 + (i + 1) * 37)}` }), SIZES.calls);
    const add = await timeCalls(
      peer,
      'add_observations',
      (i) => ({
        observations: [{ entityName: `entity ${String(i + 1)}`, contents: [`added at ${String(Date.now())} ${String(i)}`] }],
      }),
      SIZES.calls,
    );
    return { search, add };
  } finally {
    await peer.client.close();
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'mcpkit-bench-memory-'));
const results = { mcpkit: [], official: [] };
try {
  for (let round = 0; round < SIZES.rounds; round++) {
    for (const server of Object.keys(SERVERS)) {
      const dir = join(scratch, `${server}-${String(round)}`);
      execFileSync('mkdir', ['-p', dir]);
      writeGraph(join(dir, 'memory.jsonl'));
      const r = await runOne(server, dir);
      results[server].push(r);
      if (!asJson)
        console.error(
          `[${String(round + 1)}/${String(SIZES.rounds)}] ${server.padEnd(9)} search ${r.search.wallMs.toFixed(2)} ms  add ${r.add.wallMs.toFixed(2)} ms`,
        );
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const { summary, ratios } = summarize(results, ['search', 'add']);
const node = execFileSync(NODE, ['--version'], { encoding: 'utf8' }).trim();
const report = {
  node,
  sizes: SIZES,
  summary,
  ratios,
};

/** The markdown section for the report. */
function markdown(r) {
  const f = (v) => (v === undefined ? 'n/a' : v.toFixed(2));
  const x = (v) => (v === undefined ? 'n/a' : `${v.toFixed(2)}×`);
  const row = (label, figure, key, ratioKey) =>
    `| ${label} | ${figure} | ${f(r.summary.mcpkit[key])} | ${f(r.summary.official[key])} | ${x(r.ratios[ratioKey])} |`;
  return [
    `## Memory server: mcpkit vs @modelcontextprotocol/server-memory`,
    '',
    `Node ${r.node}; a graph of ${String(r.sizes.entities)} entities (3 observations each) and as many relations; medians of ${String(r.sizes.rounds)} rounds.`,
    '',
    '| operation | figure | mcpkit | official | mcpkit ÷ official |',
    '| --- | --- | --- | --- | --- |',
    row('search_nodes (selective)', 'wall ms per call', 'searchWallMs', 'searchWall'),
    row('search_nodes (selective)', 'server CPU ms per call', 'searchCpuMs', 'searchCpu'),
    row('add_observations', 'wall ms per call', 'addWallMs', 'addWall'),
    row('add_observations', 'server CPU ms per call', 'addCpuMs', 'addCpu'),
    '',
  ].join('\n');
}

process.stdout.write(asJson ? `${JSON.stringify({ ...report, markdown: markdown(report) })}\n` : markdown(report));
