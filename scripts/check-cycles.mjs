#!/usr/bin/env node
// Fails if the library's modules import each other in a cycle. Layer
// direction is enforced by eslint's no-restricted-imports; this catches cycles
// inside a layer. (A dependency-free replacement for import/no-cycle: the
// plugins that provide it pull in native resolvers whose platform packages
// break `npm ci` lockfiles.)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'packages', 'mcpkit', 'src');
const files = [];
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.test-d.ts') && !name.endsWith('.d.ts'))
      files.push(p);
  }
})(src);

// Value imports only: `import type` and `export type` cannot form a runtime cycle.
const importRe = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;
const graph = new Map();
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const deps = [];
  for (const m of text.matchAll(importRe)) deps.push(resolve(dirname(file), m[1].replace(/\.js$/, '.ts')));
  graph.set(
    file,
    deps.filter((d) => graph.has(d) || files.includes(d)),
  );
}

// Tarjan's strongly connected components.
let index = 0;
const stack = [];
const meta = new Map();
const cycles = [];
function strongConnect(v) {
  meta.set(v, { index, low: index, onStack: true });
  index++;
  stack.push(v);
  for (const w of graph.get(v) ?? []) {
    if (!meta.has(w)) {
      strongConnect(w);
      meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low);
    } else if (meta.get(w).onStack) meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index);
  }
  if (meta.get(v).low === meta.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      meta.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1) cycles.push(component);
  }
}
for (const v of graph.keys()) if (!meta.has(v)) strongConnect(v);

if (cycles.length > 0) {
  for (const c of cycles) process.stderr.write(`import cycle: ${c.map((f) => relative(src, f)).join(' <-> ')}\n`);
  process.exit(1);
}
process.stdout.write(`no import cycles among ${files.length} modules\n`);
