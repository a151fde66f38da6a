/**
 * Bundles the `mcpkit` command line (`apps/cli/dist`, from tsc) with the
 * servers it serves, the inspector and zod into `packages/mcpkit/dist/cli/`:
 * the command line ships inside the `mcpkit` package, whose `mcpkit` bin loads
 * it (so `npx mcpkit …` works from the registry; see DESIGN.md, "One package,
 * one bin"). Why a bundle: Node loads an ES module graph file by file, and the
 * CLI was about 180 files by the time `mcpkit serve everything` answered (zod
 * alone is 95); a client that spawns the server waits for every one.
 *
 * Each command and each bundled server stay behind their dynamic imports, as
 * separate chunks: a process loads one command's code. Bundled in: the CLI,
 * its servers, the inspector and zod (tree-shaken). Left as imports: mcpkit
 * itself (a self-reference to the package's own exports: one copy of each
 * class) and the packages mcpkit's package.json lists (dependencies and the
 * optional peers better-sqlite3 and ioredis), which resolve from the package.
 * The inspector's front end (`apps/inspector/dist/web`) is copied to
 * `dist/cli/web`, where the bundled inspector looks for it.
 */
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { chainSourceMaps, esmOutput } from './lib/rolldown.mjs';

const cliDir = fileURLToPath(new URL('../apps/cli/', import.meta.url));
const pkgDir = fileURLToPath(new URL('../packages/mcpkit/', import.meta.url));
const webDir = fileURLToPath(new URL('../apps/inspector/dist/web/', import.meta.url));
const entry = join(cliDir, 'dist', 'bin.js');
const out = join(pkgDir, 'dist', 'cli');
const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
const BUILTIN = new Set(builtinModules);
/** What the mcpkit package declares: these resolve from the installed package, so they stay imports. */
const DECLARED = [pkg.name, ...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})];

/** Whether `source` names a package mcpkit declares (or mcpkit itself). */
const isDeclared = (source) => DECLARED.some((name) => source === name || source.startsWith(`${name}/`));

/** Node's built-ins and mcpkit's declared packages stay imports; anything else is bundled in. */
const dependencies = {
  name: 'cli-dependencies',
  resolveId(source, importer) {
    if (source.startsWith('node:') || BUILTIN.has(source)) return { id: source, external: true };
    if (importer === undefined || source.startsWith('.') || source.startsWith('/') || source.startsWith('\0')) return null;
    if (isDeclared(source)) return { id: source, external: true };
    return null;
  },
};

/** Chains each file's own source map (tsc's, or mcpkit's bundle's); packages from node_modules load as they are. */
const chainMaps = chainSourceMaps('chain-maps', (id) => !id.includes(`${join('node_modules', '')}`));

/** Bundles the CLI; run after tsc, the inspector's front end and mcpkit's own bundle (the CLI imports mcpkit through its exports). */
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
  if (!existsSync(join(webDir, 'index.html')))
    throw new Error('bundle-cli: the inspector front end is not built (apps/inspector/build-web.mjs)');
  cpSync(webDir, join(out, 'web'), { recursive: true });
  console.log(`bundle-cli: ${chunks.length} files and the inspector front end in ${relative(process.cwd(), out)}`);
}
