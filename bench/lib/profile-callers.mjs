/**
 * Prints who calls a function in a `.cpuprofile`: each call chain (up to
 * `depth` frames) with the inclusive time spent in the function under it.
 * Usage: node bench/lib/profile-callers.mjs file.cpuprofile functionName [depth=8] [minMs=1]
 */
import { readFileSync } from 'node:fs';

const [file, name, depth = '8', minMs = '1'] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map();
profile.samples.forEach((s, i) => self.set(s, (self.get(s) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const inclusive = new Map();
for (const n of profile.nodes) {
  const t = self.get(n.id) ?? 0;
  for (let id = n.id; id !== undefined; id = parent.get(id)) inclusive.set(id, (inclusive.get(id) ?? 0) + t);
}
const frame = (id) => {
  const f = byId.get(id).callFrame;
  return `${f.functionName || '(anonymous)'}@${f.url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}`;
};
const chains = new Map();
for (const n of profile.nodes) {
  if (n.callFrame.functionName !== name) continue;
  const chain = [];
  for (let id = parent.get(n.id); id !== undefined && chain.length < Number(depth); id = parent.get(id)) chain.push(frame(id));
  const key = chain.join(' < ');
  chains.set(key, (chains.get(key) ?? 0) + (inclusive.get(n.id) ?? 0));
}
for (const [chain, us] of [...chains].sort((a, b) => b[1] - a[1])) {
  if (us / 1000 >= Number(minMs)) console.log(`${(us / 1000).toFixed(1).padStart(8)} ms  ${name} < ${chain}`);
}
