/**
 * Directory listings, in the official server's formats: `[DIR] name` /
 * `[FILE] name` lines, optionally with sizes and a summary.
 *
 * @module
 */
import type { Dirent } from 'node:fs';
import { opendir, readdir, realpath, stat } from 'node:fs/promises';
import { withinAny, type AllowedSet } from '../paths/allowedSet.js';
import { openDir, type OpenDir } from '../paths/open.js';
import type { Resolved } from '../paths/resolve.js';
import { errorCode, systemError } from '../paths/errors.js';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size for people: `0 B`, `512 B`, `1.50 KB`, … (the official server's wording). */
export function formatSize(bytes: number): string {
  if (bytes <= 0) return '0 B';
  const i = Math.floor(Math.log(bytes) / Math.log(1024));
  if (i <= 0) return `${bytes} ${UNITS[0]}`;
  const unit = Math.min(i, UNITS.length - 1);
  return `${(bytes / 1024 ** unit).toFixed(2)} ${UNITS[unit]}`;
}

/** Opens a resolved directory; a missing one fails as `readdir` would. */
export async function openResolvedDir(resolved: Resolved, allowed: AllowedSet): Promise<OpenDir> {
  if (!resolved.exists) throw systemError('ENOENT', 'scandir', resolved.path);
  try {
    return await openDir(resolved.path, allowed);
  } catch (error) {
    if (errorCode(error) === 'ENOTDIR') throw systemError('ENOTDIR', 'scandir', resolved.path);
    throw error;
  }
}

/** The entries of an open directory, in the order the file system gives them. */
export async function entriesOf(dir: OpenDir): Promise<Dirent[]> {
  return dir.run(() => readdir(dir.via, { withFileTypes: true }));
}

/** libuv's `scandir` order, which `readdir` (and so the official server) returns: names by their bytes. */
function byBytes(a: Dirent, b: Dirent): number {
  return Buffer.compare(Buffer.from(a.name), Buffer.from(b.name));
}

/**
 * At most `max` entries of an open directory, and whether there were more:
 * read as a stream (a huge directory is never held whole), then put in
 * `readdir`'s order. A cut listing holds the first `max` the file system
 * gave, not the first `max` names.
 */
export async function firstEntriesOf(dir: OpenDir, max: number): Promise<{ entries: Dirent[]; cut: boolean }> {
  const listed = await dir.run(async () => {
    const stream = await opendir(dir.via);
    const entries: Dirent[] = [];
    try {
      for await (const entry of stream) {
        if (entries.length >= max) return { entries, cut: true };
        entries.push(entry);
      }
    } finally {
      // Leaving the loop early closed the stream already; a second close throws.
      await stream.close().catch(() => undefined);
    }
    return { entries, cut: false };
  });
  listed.entries.sort(byBytes);
  return listed;
}

/** The line that ends a listing cut at `max` entries. */
function cutNote(max: number): string {
  return `[Only the first ${max} entries are listed (--list-max-entries): the directory has more. Use search_files to narrow it down.]`;
}

/** `list_directory`'s text: at most `maxEntries` entries, then a note if there were more. */
export async function listDirectory(resolved: Resolved, allowed: AllowedSet, maxEntries: number): Promise<string> {
  const dir = await openResolvedDir(resolved, allowed);
  try {
    const { entries, cut } = await firstEntriesOf(dir, maxEntries);
    const lines = entries.map((e) => `${e.isDirectory() ? '[DIR]' : '[FILE]'} ${e.name}`);
    if (cut) lines.push('', cutNote(maxEntries));
    return lines.join('\n');
  } finally {
    await dir.close();
  }
}

interface Sized {
  readonly name: string;
  readonly isDirectory: boolean;
  readonly size: number;
}

/** The size of an entry; a link counts only if it leads inside (its target's size), else 0. */
async function sizeOf(dir: OpenDir, entry: Dirent, allowed: AllowedSet): Promise<number> {
  try {
    if (entry.isSymbolicLink() && !withinAny(await realpath(dir.at(entry.name)), allowed.real)) return 0;
    return (await stat(dir.at(entry.name))).size;
  } catch {
    return 0;
  }
}

/**
 * `list_directory_with_sizes`'s text: sorted by name (or by size, largest
 * first), then a summary; of at most `maxEntries` entries, with a note if
 * there were more.
 */
export async function listWithSizes(
  resolved: Resolved,
  allowed: AllowedSet,
  sortBy: 'name' | 'size',
  maxEntries: number,
): Promise<string> {
  const dir = await openResolvedDir(resolved, allowed);
  let sized: Sized[];
  let cut: boolean;
  try {
    const first = await firstEntriesOf(dir, maxEntries);
    const entries = first.entries;
    cut = first.cut;
    sized = await Promise.all(
      entries.map(async (e) => ({ name: e.name, isDirectory: e.isDirectory(), size: await sizeOf(dir, e, allowed) })),
    );
  } finally {
    await dir.close();
  }
  const sorted = [...sized].sort(sortBy === 'size' ? (a, b) => b.size - a.size : (a, b) => a.name.localeCompare(b.name));
  const lines = sorted.map(
    (e) => `${e.isDirectory ? '[DIR]' : '[FILE]'} ${e.name.padEnd(30)} ${e.isDirectory ? '' : formatSize(e.size).padStart(10)}`,
  );
  const files = sized.filter((e) => !e.isDirectory);
  const total = files.reduce((sum, e) => sum + e.size, 0);
  lines.push(
    '',
    `Total: ${files.length} files, ${sized.length - files.length} directories`,
    `Combined size: ${formatSize(total)}`,
  );
  if (cut) lines.push('', cutNote(maxEntries));
  return lines.join('\n');
}
