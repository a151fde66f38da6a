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
 * `node` on PATH outside node_modules: `npm run bench` puts Node 22 first).
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpClient } from 'mcpkit/client';
import { StdioClientTransport } from 'mcpkit/stdio';

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
    args: [join(ROOT, 'apps/cli/dist/bin.js'), 'serve', 'memory'],
    env: { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') },
  }),
  official: (dir) => ({
    args: [join(ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js')],
    env: { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') },
  }),
};

function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
      .split(') ')[1]
      .split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function timeCalls(client, pid, name, argsOf) {
  await client.callTool({ name, arguments: argsOf(-1) });
  const walls = [];
  const cpu0 = cpuMs(pid);
  for (let i = 0; i < SIZES.calls; i++) {
    const t0 = performance.now();
    const r = await client.callTool({ name, arguments: argsOf(i) });
    if (r.isError) throw new Error(`${name}: ${JSON.stringify(r.content)}`);
    walls.push(performance.now() - t0);
  }
  const cpu1 = cpuMs(pid);
  return {
    wallMs: median(walls),
    serverCpuMs: cpu0 === undefined || cpu1 === undefined ? undefined : (cpu1 - cpu0) / SIZES.calls,
  };
}

async function runOne(server, dir) {
  const { args: argv, env } = SERVERS[server](dir);
  const transport = new StdioClientTransport({ command: NODE, args: argv, env, stderr: 'ignore' });
  const client = new McpClient({ name: 'bench-memory', version: '1.0.0', era: '2025-11-25' });
  await client.connect(transport);
  try {
    const search = await timeCalls(client, transport.pid, 'search_nodes', (i) => ({
      query: `entity ${String(100 + (i + 1) * 37)}`,
    }));
    const add = await timeCalls(client, transport.pid, 'add_observations', (i) => ({
      observations: [{ entityName: `entity ${String(i + 1)}`, contents: [`added in round ${String(Date.now())} ${String(i)}`] }],
    }));
    return { search, add };
  } finally {
    await client.close();
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

const summary = {};
for (const [server, runs] of Object.entries(results)) {
  const pick = (op, key) => {
    const values = runs.map((r) => r[op][key]).filter((v) => v !== undefined);
    return values.length === 0 ? undefined : median(values);
  };
  summary[server] = {
    searchWallMs: pick('search', 'wallMs'),
    searchCpuMs: pick('search', 'serverCpuMs'),
    addWallMs: pick('add', 'wallMs'),
    addCpuMs: pick('add', 'serverCpuMs'),
  };
}
const ratio = (key) => (summary.official[key] ? summary.mcpkit[key] / summary.official[key] : undefined);
const node = execFileSync(NODE, ['--version'], { encoding: 'utf8' }).trim();
const report = {
  node,
  sizes: SIZES,
  summary,
  ratios: {
    searchWall: ratio('searchWallMs'),
    searchCpu: ratio('searchCpuMs'),
    addWall: ratio('addWallMs'),
    addCpu: ratio('addCpuMs'),
  },
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
