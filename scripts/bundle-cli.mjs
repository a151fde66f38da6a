/**
 * Bundles the `mcpkit` command line (`apps/cli/dist`, from tsc) with the
 * servers it serves, mcpkit itself and zod into `apps/cli/dist/bundle/`, which
 * the npm bin loads. Why: Node loads an ES module graph file by file, and the
 * CLI was about 180 files by the time `mcpkit serve everything` answered
 * (zod alone is 95); a client that spawns the server waits for every one.
 *
 * Each command and each bundled server stay behind their dynamic imports, as
 * separate chunks: a process loads one command's code. Bundled in: the CLI,
 * its servers and zod (tree-shaken: of its 95 files the servers need a few).
 * mcpkit stays an import of its own bundle (see `dependencies` below).
 */
import { existsSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { chainSourceMaps, esmOutput } from './lib/rolldown.mjs';

const cliDir = fileURLToPath(new URL('../apps/cli/', import.meta.url));
const entry = join(cliDir, 'dist', 'bin.js');
const out = join(cliDir, 'dist', 'bundle');

/** Bare specifiers always bundled in: the servers the CLI serves, and zod (tree-shaken). */
const INLINE = [/^@mcpkit\//, /^zod(\/|$)/];
const BUILTIN = new Set(builtinModules);

/**
 * Decides what stays an import. mcpkit does (its own bundle: one copy of each
 * class whichever module imports it, and its lazily loaded ajv resolves from
 * mcpkit's own folder). Any other package stays an import when it resolves
 * from the bundle's folder to the same file as from the module that imports
 * it; a package the importer gets from a folder of its own (a nested version)
 * is bundled in, so the bundle never picks up another version.
 */
const dependencies = {
  name: 'cli-dependencies',
  async resolveId(source, importer, options) {
    if (source.startsWith('node:') || BUILTIN.has(source)) return { id: source, external: true };
    if (importer === undefined || source.startsWith('.') || source.startsWith('/') || source.startsWith('\0')) return null;
    if (/^mcpkit(\/|$)/.test(source)) return { id: source, external: true };
    if (INLINE.some((re) => re.test(source))) return null;
    const fromImporter = await this.resolve(source, importer, { ...options, skipSelf: true });
    const fromBundle = await this.resolve(source, entry, { ...options, skipSelf: true });
    if (fromImporter !== null && fromBundle !== null && fromImporter.id === fromBundle.id) return { id: source, external: true };
    return fromImporter;
  },
};

/** Chains each file's own source map (tsc's, or mcpkit's bundle's); packages from node_modules load as they are. */
const chainMaps = chainSourceMaps('chain-maps', (id) => !id.includes(`${join('node_modules', '')}`));

/** Bundles the CLI; run after tsc and after mcpkit's own bundle (the CLI imports mcpkit through its exports). */
export async function bundleCli() {
  if (!existsSync(entry)) throw new Error(`bundle-cli: ${relative(process.cwd(), entry)} is missing: run tsc first`);
  rmSync(out, { recursive: true, force: true });
  const { output } = await build({
    input: { bin: entry },
    platform: 'node',
    plugins: [dependencies, chainMaps],
    logLevel: 'warn',
    output: esmOutput(out),
  });
  const chunks = output.filter((o) => o.type === 'chunk');
  console.log(`bundle-cli: ${chunks.length} files in ${relative(process.cwd(), out)}`);
}
