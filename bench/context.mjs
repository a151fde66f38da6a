#!/usr/bin/env node
/**
 * Context control (issue 26): with 8 servers of 60 tools, what the tool
 * definitions of one model call cost against sending all of them, for each
 * provider through its fake API (the complete fakes the tests use, which the
 * official SDKs vouch for), and whether the scripted model — search, then
 * call — still reaches the one deep tool on the right server; and the host
 * search's own latency per query.
 *
 *   node bench/context.mjs [--quick] [--json]
 *
 * The host, its search and the servers are the build (`mcpkit/host`,
 * `mcpkit/server`: run `npm run build`); the fakes and the catalog are the
 * test sources (TypeScript, loaded through Vite). Everything is in one
 * process over loopback; the ratios are exact counts, the latencies move with
 * the machine's load.
 */
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Host, ToolIndex } from 'mcpkit/host';
import { createInMemoryPair } from 'mcpkit/jsonrpc';
import { McpServer } from 'mcpkit/server';
// Vite as vitest (a dev dependency) ships it: it loads the TypeScript fakes.
import { createViteServer } from 'vitest/node';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const asJson = args.includes('--json');
const QUERIES = quick ? 200 : 2000;

const vite = await createViteServer({
  root: ROOT,
  configFile: false,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, watch: null },
  optimizeDeps: { noDiscovery: true },
});
const load = (path) => vite.ssrLoadModule(path);
const { startFakeAnthropic } = await load('/packages/mcpkit/test/host/fakes/fakeAnthropic.ts');
const { startFakeOpenAi } = await load('/packages/mcpkit/test/host/fakes/fakeOpenAi.ts');
const { catalog, DEEP_TOOL, searchingModel, targetServer } = await load('/packages/mcpkit/test/host/manyTools.ts');

const tools = catalog(8, 60);
const target = targetServer(tools);

/** In-memory servers of the catalog, built with the library as users get it. */
function connector(config) {
  const server = new McpServer({ name: config.name, version: '1.0.0' });
  for (const t of tools.get(config.name) ?? [])
    server.tool({ name: t.name, description: t.description, input: t.inputSchema }, () => `${config.name}/${t.name} ok`);
  const [clientSide, serverSide] = createInMemoryPair();
  void server.connect(serverSide);
  return clientSide;
}

const servers = [...tools.keys()].map((name) => ({ name, type: 'http', url: 'http://127.0.0.1:9/mcp', headers: {} }));

/** One question through one provider; what each request's tool definitions weighed. */
async function run(name, startFake, spec, mode) {
  const fake = await startFake(searchingModel(target));
  const env = {
    ANTHROPIC_API_KEY: 'test-key',
    ANTHROPIC_BASE_URL: fake.url,
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: fake.url,
  };
  const host = new Host({
    servers,
    connector,
    env,
    logDir: false,
    model: spec,
    policy: { default: 'allow' },
    toolSearch: { mode },
  });
  try {
    await host.start();
    const transcript = await host.ask('Rotate the KMS key k1 of our cloud.');
    const bytes = fake.requests.map((r) => JSON.stringify(r.body.tools ?? []).length);
    return {
      name,
      mode,
      reached: transcript.answer === `Done: ${target}/${DEEP_TOOL.name} ok`,
      calls: transcript.turns,
      offers: transcript.toolOffers,
      maxTokens: Math.max(...transcript.toolOffers.map((o) => o.tokens)),
      allTokens: transcript.toolOffers[0]?.allTokens ?? 0,
      maxBytes: Math.max(...bytes),
    };
  } finally {
    await host.close();
    await fake.close();
  }
}

const runs = [];
for (const [name, startFake, spec, mode] of [
  ['Anthropic, its own tool search', startFakeAnthropic, 'anthropic/claude-bench', 'auto'],
  ['Anthropic, the host search', startFakeAnthropic, 'anthropic/claude-bench', 'host'],
  ['OpenAI, the host search', startFakeOpenAi, 'openai/gpt-bench', 'auto'],
  ['Anthropic, every definition', startFakeAnthropic, 'anthropic/claude-bench', 'off'],
  ['OpenAI, every definition', startFakeOpenAi, 'openai/gpt-bench', 'off'],
]) {
  console.error(`context: ${name}`);
  runs.push(await run(name, startFake, spec, mode));
}
const allBytes = {
  anthropic: runs.find((r) => r.name === 'Anthropic, every definition')?.maxBytes ?? 0,
  openai: runs.find((r) => r.name === 'OpenAI, every definition')?.maxBytes ?? 0,
};

// The search alone: the index over the 480 tools, then queries drawn from the catalog's own words.
const entries = [...tools].flatMap(([server, list]) =>
  list.map((tool) => ({
    value: `${server}/${tool.name}`,
    server,
    name: `${tool.name} ${server}`,
    description: tool.description,
  })),
);
const started = performance.now();
const index = new ToolIndex(entries);
const buildMs = performance.now() - started;
const words = entries.flatMap((e) => e.description.split(' ')).filter((w) => w.length > 3);
const queries = Array.from({ length: QUERIES }, (_, i) =>
  [0, 1, 2].map((k) => words[(i * 7919 + k * 104_729) % words.length]).join(' '),
);
for (const q of queries.slice(0, 50)) index.search(q);
const cpuAt = process.cpuUsage();
const latencies = queries.map((q) => {
  const t = performance.now();
  index.search(q);
  return (performance.now() - t) * 1000;
});
const cpu = process.cpuUsage(cpuAt);
const cpuUs = (cpu.user + cpu.system) / QUERIES;
latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
const hugeAt = performance.now();
index.search(`${DEEP_TOOL.query} ${'x'.repeat(1_000_000)}`);
const hugeMs = performance.now() - hugeAt;
const deepRank = index.search(DEEP_TOOL.query).findIndex((h) => h.value === `${target}/${DEEP_TOOL.name}`) + 1;
await vite.close();

const search = {
  tools: entries.length,
  buildMs,
  p50Us: pct(0.5),
  p99Us: pct(0.99),
  hugeQueryMs: hugeMs,
  deepRank,
  queries: QUERIES,
};
const pctOf = (a, b) => `${((a / b) * 100).toFixed(1)}%`;
let markdown = `## Context control (\`bench/context.mjs\`)\n\n`;
markdown += `8 servers × 60 tools (${String(entries.length)}; the enabled definitions ~${String(runs[0]?.allTokens)} tokens, estimated as JSON at 4 characters a token), one question whose answer needs the last tool of \`${target}\`; the scripted model searches, then calls. Largest model call of the question; Node ${process.version}.\n\n`;
markdown +=
  '| provider and mode | definitions in context (est. tokens) | ÷ all | tools JSON on the wire | ÷ all | reached the deep tool | model calls |\n| --- | ---: | ---: | ---: | ---: | :---: | ---: |\n';
for (const r of runs) {
  const all = r.name.startsWith('OpenAI') ? allBytes.openai : allBytes.anthropic;
  markdown += `| ${r.name} | ${String(r.maxTokens)} | ${pctOf(r.maxTokens, r.allTokens)} | ${String(r.maxBytes)} B | ${pctOf(r.maxBytes, all)} | ${r.reached ? 'yes' : 'NO'} | ${String(r.calls)} |\n`;
}
markdown += `\nAim: at most 20% of all the definitions in context. With Anthropic's own search every definition still travels (deferred: \`defer_loading\`), so the wire carries them all while the context holds the search tool and what it found.\n\n`;
markdown += `The host search over ${String(entries.length)} tools: index built in ${buildMs.toFixed(1)} ms; per query (${String(QUERIES)} three-word queries) p50 ${search.p50Us.toFixed(0)} µs, p99 ${search.p99Us.toFixed(0)} µs wall, ${cpuUs.toFixed(0)} µs CPU on average; a 1 MB query ${hugeMs.toFixed(1)} ms (read up to its first 1,000 characters); the deep tool ranks ${String(deepRank)} for the task's query.\n`;
process.stdout.write(asJson ? `${JSON.stringify({ runs, search, markdown })}\n` : markdown);
