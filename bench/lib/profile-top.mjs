/**
 * Prints the top self-time functions of a `.cpuprofile` (node --cpu-prof).
 * Usage: node bench/lib/profile-top.mjs file.cpuprofile [count] [filter]
 */
import { readFileSync } from 'node:fs';

const [file, count = '30', filter = ''] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const self = new Map();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const dt = profile.timeDeltas;
let total = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const node = byId.get(profile.samples[i]);
  const d = dt[i] ?? 0;
  total += d;
  const f = node.callFrame;
  const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^file:\/\/.*?\/(node_modules|packages|bench)\//, '$1/')}:${f.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + d);
}
const rows = [...self]
  .filter(([k]) => k.includes(filter))
  .sort((a, b) => b[1] - a[1])
  .slice(0, Number(count));
console.log(`total ${(total / 1000).toFixed(1)} ms`);
for (const [k, v] of rows)
  console.log(`${((100 * v) / total).toFixed(1).padStart(5)}%  ${(v / 1000).toFixed(2).padStart(8)} ms  ${k}`);
