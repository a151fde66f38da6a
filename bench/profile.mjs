#!/usr/bin/env node
/**
 * Profiles one server (or client) under the benchmark's load with `--cpu-prof`
 * and prints the top self-time functions.
 *
 *   node bench/profile.mjs [stdio|http-session|http-stateless] [server] [client] [count]
 *   e.g. node bench/profile.mjs stdio mcpkit          (the mcpkit server, driven by the raw driver)
 *        node bench/profile.mjs stdio raw mcpkit      (the mcpkit client, against the raw server)
 *
 * The server's profile is taken when the client drives a server; the
 * client's when the server is raw and the client is not.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { SUITES } from './lib/scenarios.mjs';

const [suiteId = 'stdio', server = 'mcpkit', client = 'raw', count = '30'] = process.argv.slice(2);
const suite = SUITES.find((s) => s.id === suiteId);
const dir = mkdtempSync(`${tmpdir()}/mcpkit-prof-`);
const profArgs = ['--cpu-prof', `--cpu-prof-dir=${dir}`];
const profileClient = server === 'raw' && client !== 'raw';
const counts =
  suite.transport === 'stdio'
    ? { warmSeq: 1000, warmPar: 1000, seq: 3000, par: 30000 }
    : { warmSeq: 200, warmPar: 7000, seq: 1000, par: 5000 };
const cfg = {
  transport: suite.transport,
  mode: suite.mode,
  server,
  statsFile: `${dir}/stats`,
  inflight: 64,
  ...counts,
  ...(!profileClient && { nodeArgs: profArgs }),
};
const here = fileURLToPath(new URL('.', import.meta.url));
const out = execFileSync(
  process.execPath,
  [...(profileClient ? profArgs : []), `${here}clients/${client}.mjs`, JSON.stringify(cfg)],
  { encoding: 'utf8' },
);
console.log(out.trim());
// Give the server a moment to write its profile after stdin closes.
await new Promise((r) => setTimeout(r, 1500));
for (const f of readdirSync(dir).filter((x) => x.endsWith('.cpuprofile'))) {
  console.log(`\n== ${dir}/${f}`);
  console.log(execFileSync(process.execPath, [`${here}lib/profile-top.mjs`, `${dir}/${f}`, count], { encoding: 'utf8' }));
}
