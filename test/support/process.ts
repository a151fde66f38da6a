/**
 * Real-process helpers: a check that the built CLI is current, `mcpkit`
 * spawned as a line-level peer (the one `LinePeer` of
 * `packages/mcpkit/test/processHelpers.ts`), and an HTTP server process.
 *
 * @module
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LinePeer, type Exit, type LinePeerOptions } from '../../packages/mcpkit/test/processHelpers.js';
import { CLI_ENTRY } from './harness.js';

export type { Exit, LinePeer } from '../../packages/mcpkit/test/processHelpers.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function newestSource(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Fails fast, with the command to run, when the CLI or the everything server
 * was not built since its sources changed (mcpkit's own build is checked by
 * its tests; `npm test` builds everything first).
 */
export function assertCliBuilt(): void {
  for (const [src, built] of [
    ['apps/cli/src', 'apps/cli/dist/.tsbuildinfo'],
    ['servers/everything/src', 'servers/everything/dist/.tsbuildinfo'],
    // The bundle the bin loads (and CLI_ENTRY names), made from tsc's output by scripts/bundle-cli.mjs.
    ['apps/cli/src', 'packages/mcpkit/dist/cli/bin.js'],
    ['servers/everything/src', 'packages/mcpkit/dist/cli/bin.js'],
    // The git server is bundled into the bin too (its process tests run it through `mcpkit serve git`).
    ['servers/git/src', 'packages/mcpkit/dist/cli/bin.js'],
  ] as const) {
    const output = join(ROOT, built);
    if (!existsSync(output)) throw new Error(`${built} is missing: run \`npm run build\` at the repository root`);
    if (statSync(output).mtimeMs < newestSource(join(ROOT, src)) - 1000)
      throw new Error(`${built} is older than ${src}: run \`npm run build\``);
  }
}

/** A spawned `mcpkit` (the built CLI) spoken to line by line; `cwd` defaults to the repository root. */
export function cliPeer(args: readonly string[], options: LinePeerOptions = {}): LinePeer {
  return new LinePeer(CLI_ENTRY, args, { cwd: ROOT, ...options });
}

/** A spawned `mcpkit serve everything --http 0`: its URL, and how to stop it. */
export interface HttpServerProcess {
  readonly url: URL;
  stop(): Promise<Exit>;
}

/** Starts `mcpkit serve everything` on HTTP (any free port) and waits until it listens. */
export async function startHttpServer(): Promise<HttpServerProcess> {
  assertCliBuilt();
  const peer = cliPeer(['serve', 'everything', '--http', '0']);
  try {
    await peer.stderrContains('(Ctrl-C to stop)');
  } catch (error) {
    peer.kill();
    throw error;
  }
  const url = /serving everything on (\S+)/.exec(peer.stderr)?.[1];
  if (url === undefined) throw new Error(`no URL in: ${peer.stderr}`);
  return {
    url: new URL(url),
    stop: async () => {
      peer.child.kill('SIGTERM');
      return peer.exited;
    },
  };
}
