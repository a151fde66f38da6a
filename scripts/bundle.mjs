#!/usr/bin/env node
/**
 * Bundles mcpkit's compiled output (`packages/mcpkit/dist`, from tsc) into one
 * file per subpath export plus shared chunks, in `dist/bundle/`; the package's
 * exports point there. Why: Node loads an ES module graph file by file, so start-up
 * cost is mostly module count (DESIGN.md, "Repository and build"). Shared chunks keep one copy of each class across
 * entries, so `instanceof RpcError` holds whichever subpath a user imports.
 *
 * The input is tsc's JavaScript, not the TypeScript sources: the bundle has
 * exactly the semantics the type-checked build has. Its source maps are chained
 * through tsc's maps, so stack traces point into `src/*.ts`.
 *
 * Checks after bundling: no chunk reachable from a runtime-neutral entry
 * imports a `node:` module (the core must run in browsers and workers).
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { bundleCli } from './bundle-cli.mjs';
import { chainSourceMaps, esmOutput } from './lib/rolldown.mjs';

const pkgDir = fileURLToPath(new URL('../packages/mcpkit/', import.meta.url));
const dist = join(pkgDir, 'dist');
const out = join(dist, 'bundle');
const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));

/** Entry name → compiled file; the names are the bundle's file names (`dist/bundle/<name>.js`). */
const ENTRIES = {
  index: 'index.js',
  jsonrpc: 'jsonrpc/index.js',
  protocol: 'protocol/index.js',
  schema: 'schema/index.js',
  server: 'server/index.js',
  client: 'client/index.js',
  http: 'http/index.js',
  testing: 'testing/index.js',
  node: 'node/index.js',
  stdio: 'node/stdio/index.js',
  host: 'host/node/index.js',
  'host-neutral': 'host/index.js',
  'host-apps': 'host/apps/index.js',
  'host-config': 'host/config/index.js',
  'host-transport': 'host/node/transport.js',
  auth: 'auth/index.js',
  redis: 'scaleout/redis/index.js',
  telemetry: 'telemetry/index.js',
};
/** The entries that must not reach Node's built-in modules. */
const NEUTRAL = [
  'index',
  'jsonrpc',
  'protocol',
  'schema',
  'server',
  'client',
  'http',
  'testing',
  'host-neutral',
  'host-apps',
  'host-config',
  'auth',
  'telemetry',
];

const dependencies = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})];
const isExternal = (id) => id.startsWith('node:') || dependencies.some((d) => id === d || id.startsWith(`${d}/`));

/** Chains tsc's source map of each compiled file, so the bundle's maps reach the TypeScript. */
const chainTscMaps = chainSourceMaps('chain-tsc-maps', (id) => id.startsWith(dist));

for (const file of Object.values(ENTRIES)) {
  if (!existsSync(join(dist, file))) throw new Error(`bundle: ${file} is missing: run tsc first`);
}
rmSync(out, { recursive: true, force: true });
const { output } = await build({
  input: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, join(dist, file)])),
  platform: 'neutral',
  external: isExternal,
  plugins: [chainTscMaps],
  logLevel: 'warn',
  output: esmOutput(out, {
    // The layers every entry shares go in one chunk: fewer files to load beats skipping a few unused functions.
    codeSplitting: { groups: [{ name: 'core', test: /[\\/]dist[\\/](jsonrpc|protocol|schema)[\\/]/ }] },
  }),
});

// Every chunk's static imports, to follow from each neutral entry.
const chunks = new Map(output.filter((o) => o.type === 'chunk').map((c) => [c.fileName, c]));
for (const name of NEUTRAL) {
  const seen = new Set();
  const walk = (fileName) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    const chunk = chunks.get(fileName);
    for (const imported of chunk.imports) {
      if (imported.startsWith('node:')) {
        throw new Error(`bundle: ${name} reaches ${imported} through ${fileName}: the core must stay runtime-neutral`);
      }
      if (chunks.has(imported)) walk(imported);
    }
  };
  walk(`${name}.js`);
}
const files = [...chunks.keys()];
console.log(
  `bundle: ${Object.keys(ENTRIES).length} entries, ${files.length - Object.keys(ENTRIES).length} shared chunks in ${relative(process.cwd(), out)}`,
);

// The inspector's front end imports mcpkit (e.g. `mcpkit/protocol`) through the bundle just
// written, and the command line copies the built front end beside itself: so it goes between.
await import('../apps/inspector/build-web.mjs');
// The command line, with the servers it serves: it imports mcpkit through the bundle just written.
await bundleCli();
