/**
 * `directory_tree`: the official server's JSON tree (`name`, `type`, and
 * `children` for directories), bounded in depth and in entries. A directory
 * whose entries were not all listed says so with `"truncated": true`, so a
 * cut tree is never mistaken for a whole one. Links are listed, not followed.
 *
 * @module
 */
import type { AllowedSet } from '../paths/allowedSet.js';
import { openChildDir, type OpenDir } from '../paths/open.js';
import type { Resolved } from '../paths/resolve.js';
import { entriesOf, firstEntriesOf, openResolvedDir } from './list.js';
import { checkPatterns } from './patternBounds.js';
import { treeExclusions, type PathTest } from './patterns.js';

/** One entry of the tree. */
export interface TreeEntry {
  name: string;
  type: 'file' | 'directory';
  children?: TreeEntry[];
  truncated?: true;
}

/** How far a tree may go. */
export interface TreeBounds {
  /** Directories below this depth (the root's entries are depth 1) are not opened. */
  readonly maxDepth: number;
  /** At most this many entries in all. */
  readonly maxEntries: number;
}

interface Walk {
  readonly exclude: PathTest;
  readonly bounds: TreeBounds;
  readonly signal: AbortSignal | undefined;
  count: number;
  /** Something was left out (bounds, or a directory that could not be opened). */
  cut: boolean;
}

async function build(dir: OpenDir, prefix: string, depth: number, walk: Walk): Promise<{ list: TreeEntry[]; cut: boolean }> {
  walk.signal?.throwIfAborted();
  const list: TreeEntry[] = [];
  for (const entry of await entriesOf(dir)) {
    const relative = prefix + entry.name;
    if (walk.exclude(relative)) continue;
    if (walk.count >= walk.bounds.maxEntries) {
      walk.cut = true;
      return { list, cut: true };
    }
    walk.count++;
    if (!entry.isDirectory()) {
      list.push({ name: entry.name, type: 'file' });
      continue;
    }
    const node: TreeEntry = { name: entry.name, type: 'directory', children: [] };
    list.push(node);
    const child = await openChildDir(dir, entry.name).catch(() => undefined);
    if (child === undefined) {
      node.truncated = walk.cut = true;
      continue;
    }
    try {
      if (depth >= walk.bounds.maxDepth) {
        if ((await firstEntriesOf(child, 0)).cut) node.truncated = walk.cut = true;
        continue;
      }
      const sub = await build(child, `${relative}/`, depth + 1, walk);
      node.children = sub.list;
      if (sub.cut) node.truncated = true;
    } finally {
      await child.close();
    }
  }
  return { list, cut: false };
}

/** The tree under `resolved` as the official server's pretty-printed JSON, and whether anything was left out. */
export async function directoryTree(
  resolved: Resolved,
  allowed: AllowedSet,
  excludePatterns: readonly string[],
  bounds: TreeBounds,
  signal?: AbortSignal,
): Promise<{ text: string; cut: boolean }> {
  checkPatterns([{ what: 'excludePatterns', patterns: excludePatterns }]);
  const root = await openResolvedDir(resolved, allowed);
  try {
    const walk: Walk = { exclude: treeExclusions(excludePatterns), bounds, signal, count: 0, cut: false };
    const { list } = await build(root, '', 1, walk);
    return { text: JSON.stringify(list, null, 2), cut: walk.cut };
  } finally {
    await root.close();
  }
}
