/**
 * Which directories a call may reach: the operator's, narrowed by the
 * client's roots. The official server lets roots *replace* its directories
 * (a client could widen access to anything); here they can only narrow them.
 *
 * Roots are asked for once per session, on the first call that needs them,
 * and asked for again after `notifications/roots/list_changed`. Roots are a
 * handshake-era feature (2026-07-28 deprecates them, and asking would cost
 * every call a round trip), so stateless requests get the operator's set.
 *
 * @module
 */
import { realpath, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Root } from 'mcpkit/protocol';
import type { McpServer, ServerContext } from 'mcpkit/server';
import { narrow, type AllowedSet } from './paths/allowedSet.js';
import { messageOf } from './paths/errors.js';

/** Where a session keeps its narrowed set (a promise, so concurrent first calls ask once). */
const SESSION_KEY = 'mcpkit.filesystem.allowed';
/** How long to wait for the client's roots. */
const ROOTS_TIMEOUT_MS = 10_000;

/** The real paths of the roots that are existing directories; others are reported and ignored. */
async function rootDirectories(roots: readonly Root[], warn: (line: string) => void): Promise<string[]> {
  const dirs: string[] = [];
  for (const root of roots) {
    try {
      if (!root.uri.startsWith('file://')) throw new TypeError('not a file:// URI');
      const real = await realpath(fileURLToPath(root.uri));
      if (!(await stat(real)).isDirectory()) throw new TypeError('not a directory');
      dirs.push(real);
    } catch (error) {
      warn(`Skipping root ${root.uri}: ${messageOf(error)}`);
    }
  }
  return dirs;
}

/** The allowed directories of every call. */
export class Access {
  /** The operator's directories. */
  readonly configured: AllowedSet;
  readonly #warn: (line: string) => void;

  constructor(configured: AllowedSet, warn: (line: string) => void) {
    this.configured = configured;
    this.#warn = warn;
  }

  /** Forgets a session's roots when the client says they changed. */
  watch(server: McpServer): void {
    server.onNotification('notifications/roots/list_changed', (_params, session) => {
      session.state.delete(SESSION_KEY);
    });
  }

  /** The set that applies to a call. */
  allowedFor(ctx: ServerContext): Promise<AllowedSet> {
    if (ctx.era !== 'handshake' || ctx.clientCapabilities.roots === undefined) return Promise.resolve(this.configured);
    let pending = ctx.session.get(SESSION_KEY) as Promise<AllowedSet> | undefined;
    if (pending === undefined) {
      pending = this.#fromRoots(ctx);
      ctx.session.set(SESSION_KEY, pending);
    }
    return pending;
  }

  async #fromRoots(ctx: ServerContext): Promise<AllowedSet> {
    let roots: readonly Root[];
    try {
      ({ roots } = await ctx.listRoots({ timeoutMs: ROOTS_TIMEOUT_MS }));
    } catch (error) {
      this.#warn(`Could not get the client's roots (${messageOf(error)}); using the configured directories`);
      return this.configured;
    }
    // No roots at all: the client names no workspace, which narrows nothing.
    if (roots.length === 0) return this.configured;
    const narrowed = narrow(this.configured, await rootDirectories(roots, this.#warn));
    this.#warn(`Allowed directories narrowed by the client's roots: ${narrowed.real.join(', ') || '(none)'}`);
    return narrowed;
  }
}
