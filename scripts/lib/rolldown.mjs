/**
 * What mcpkit's bundle (scripts/bundle.mjs) and the CLI's (scripts/bundle-cli.mjs)
 * build the same way: ES module output with source maps, entries named after
 * their input and shared chunks under `chunks/`, and a plugin that chains each
 * input file's own source map, so the bundle's maps reach the TypeScript.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** rolldown `output` options for a bundle written to `dir`; `extra` adds to them (code splitting). */
export function esmOutput(dir, extra = {}) {
  return {
    dir,
    format: 'esm',
    sourcemap: true,
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    ...extra,
  };
}

/**
 * A plugin handing each `.js` file that `accepts(id)` to the bundler with its
 * `<file>.map` (tsc's, or mcpkit's bundle's), sources made absolute, so the
 * bundle's own maps are chained through it. Files without a map load as usual.
 */
export function chainSourceMaps(name, accepts) {
  return {
    name,
    load(id) {
      if (!id.endsWith('.js') || !accepts(id)) return null;
      const mapFile = `${id}.map`;
      if (!existsSync(mapFile)) return null;
      const map = JSON.parse(readFileSync(mapFile, 'utf8'));
      const from = dirname(id);
      map.sources = map.sources.map((s) => join(from, map.sourceRoot ?? '', s));
      delete map.sourceRoot;
      return { code: readFileSync(id, 'utf8').replace(/\n\/\/# sourceMappingURL=.*$/, ''), map };
    },
  };
}
