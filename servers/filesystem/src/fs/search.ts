/**
 * `search_files`: every entry under a directory whose path relative to it
 * matches a glob, depth first in the file system's order (the official
 * server's order), skipping excluded paths and everything below them. Links
 * are listed when they lead inside, never followed. A search ends when its
 * time budget or its result limit is spent, or when the call is cancelled,
 * and then says so.
 *
 * @module
 */
import { realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { withinAny, type AllowedSet } from '../paths/allowedSet.js';
import { openChildDir, type OpenDir } from '../paths/open.js';
import type { Resolved } from '../paths/resolve.js';
import { entriesOf, openResolvedDir } from './list.js';
import { checkPatterns } from './patternBounds.js';
import { anyOf, type PathTest } from './patterns.js';

/** How long and how far a search may go. */
export interface SearchBounds {
  /** Stop after this many milliseconds. */
  readonly timeoutMs: number;
  /** Stop after this many matches. */
  readonly maxResults: number;
}

/** What a search found, and why it stopped early, if it did. */
export interface SearchOutcome {
  readonly matches: string[];
  readonly stopped: string | undefined;
}

interface Walk {
  readonly allowed: AllowedSet;
  readonly match: PathTest;
  readonly exclude: PathTest;
  readonly bounds: SearchBounds;
  readonly deadline: number;
  readonly signal: AbortSignal | undefined;
  readonly matches: string[];
  stopped: string | undefined;
  seen: number;
}

/**
 * Whether the walk must stop now (checked every 16 entries: reading the clock
 * is not free, and the bounded globs cost at most a few ms an entry).
 */
function mustStop(walk: Walk): boolean {
  if (walk.stopped !== undefined) return true;
  if ((++walk.seen & 15) !== 0) return false;
  walk.signal?.throwIfAborted();
  if (performance.now() > walk.deadline)
    walk.stopped = `the time budget of ${String(walk.bounds.timeoutMs / 1000)} s ran out (--search-timeout)`;
  return walk.stopped !== undefined;
}

async function leadsInside(dir: OpenDir, name: string, allowed: AllowedSet): Promise<boolean> {
  try {
    return withinAny(await realpath(dir.at(name)), allowed.real);
  } catch {
    return false;
  }
}

async function visit(dir: OpenDir, real: string, prefix: string, walk: Walk): Promise<void> {
  for (const entry of await entriesOf(dir)) {
    if (mustStop(walk)) return;
    const relative = prefix + entry.name;
    if (entry.isSymbolicLink() && !(await leadsInside(dir, entry.name, walk.allowed))) continue;
    if (walk.exclude(relative)) continue;
    const full = join(real, entry.name);
    if (walk.match(relative)) {
      walk.matches.push(full);
      if (walk.matches.length >= walk.bounds.maxResults) {
        walk.stopped = `it found ${String(walk.bounds.maxResults)} matches, the most one search returns`;
        return;
      }
    }
    if (!entry.isDirectory()) continue;
    // A directory that cannot be opened is skipped, as the official server skips it.
    const child = await openChildDir(dir, entry.name).catch(() => undefined);
    if (child === undefined) continue;
    try {
      await visit(child, full, `${relative}/`, walk);
    } finally {
      await child.close();
    }
  }
}

/** Searches under `resolved` for paths matching `pattern`. */
export async function searchFiles(
  resolved: Resolved,
  allowed: AllowedSet,
  pattern: string,
  excludePatterns: readonly string[],
  bounds: SearchBounds,
  signal?: AbortSignal,
): Promise<SearchOutcome> {
  checkPatterns([
    { what: 'pattern', patterns: [pattern] },
    { what: 'excludePatterns', patterns: excludePatterns },
  ]);
  const root = await openResolvedDir(resolved, allowed);
  try {
    const walk: Walk = {
      allowed,
      match: anyOf([pattern]),
      exclude: anyOf(excludePatterns),
      bounds,
      deadline: performance.now() + bounds.timeoutMs,
      signal,
      matches: [],
      stopped: undefined,
      seen: 0,
    };
    await visit(root, resolved.path, '', walk);
    return { matches: walk.matches, stopped: walk.stopped };
  } finally {
    await root.close();
  }
}
