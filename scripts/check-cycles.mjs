#!/usr/bin/env node
// Fails if modules import each other in a cycle: the library, the apps and
// the reference servers. Layer direction is enforced by eslint's
// no-restricted-imports; this catches cycles inside a layer. (A
// dependency-free replacement for import/no-cycle: the plugins that provide
// it pull in native resolvers whose platform packages break `npm ci`
// lockfiles.)
//
// Type-only imports count: they cannot form a runtime cycle, but two files
// that need each other's types are one concept split in two (or a seam in
// the wrong place), which is what a reader trips over.
//
// One circle is allowed, and only one: packages/mcpkit/src/protocol/types/
// is a single unit (the spec's schema, cut into files by topic, whose types
// refer to each other the way the schema does), so its files count as one
// node. A cycle between that unit and a file outside it still fails.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sources = [join(root, 'packages', 'mcpkit', 'src')];
for (const group of ['apps', 'servers']) {
  for (const name of readdirSync(join(root, group))) {
    const src = join(root, group, name, 'src');
    if (existsSync(src)) sources.push(src);
  }
}
/** Folders whose files are one node of the graph (see above). */
const UNITS = [join(root, 'packages', 'mcpkit', 'src', 'protocol', 'types')];

const files = [];
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test(-d)?\.ts$/.test(name) && !name.endsWith('.d.ts')) files.push(p);
  }
}
for (const src of sources) walk(src);
const known = new Set(files);

/** The node a file belongs to: its unit folder, or itself. */
const nodeOf = (file) => UNITS.find((u) => file.startsWith(`${u}/`)) ?? file;

// Static imports and re-exports, type-only ones included, and `import('…')` types.
const importRe =
  /^\s*(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/gm;
const graph = new Map();
for (const file of files) {
  const from = nodeOf(file);
  const deps = graph.get(from) ?? new Set();
  for (const m of readFileSync(file, 'utf8').matchAll(importRe)) {
    const target = resolve(dirname(file), (m[1] ?? m[2]).replace(/\.js$/, '.ts'));
    if (!known.has(target)) continue;
    const to = nodeOf(target);
    if (to !== from) deps.add(to);
  }
  graph.set(from, deps);
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
  for (const c of cycles) process.stderr.write(`import cycle: ${c.map((f) => relative(root, f)).join(' <-> ')}\n`);
  process.exit(1);
}
process.stdout.write(`no import cycles among ${files.length} modules (type-only imports included)\n`);
