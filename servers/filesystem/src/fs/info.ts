/**
 * `get_file_info`: a file's or directory's metadata, in the official
 * server's `key: value` lines.
 *
 * @module
 */
import type { Stats } from 'node:fs';
import { lstat, realpath } from 'node:fs/promises';
import { withinAny, type AllowedSet } from '../paths/allowedSet.js';
import { systemError } from '../paths/errors.js';
import { openAny } from '../paths/open.js';
import { linkOutside, type Resolved } from '../paths/resolve.js';

/** The stats of what `resolved` names, read through a descriptor where the file can be opened. */
async function statsOf(resolved: Resolved, allowed: AllowedSet): Promise<Stats> {
  if (!resolved.exists) throw systemError('ENOENT', 'stat', resolved.path);
  const handle = await openAny(resolved.path, allowed);
  if (handle !== undefined) {
    try {
      return await handle.stat();
    } finally {
      await handle.close();
    }
  }
  // Unreadable (permissions): its metadata is still visible; check the path once more around the lstat.
  const stats = await lstat(resolved.path);
  const real = await realpath(resolved.path);
  if (real !== resolved.path && !withinAny(real, allowed.real)) throw linkOutside(real, allowed);
  return stats;
}

/** `get_file_info`'s text. */
export async function fileInfo(resolved: Resolved, allowed: AllowedSet): Promise<string> {
  const stats = await statsOf(resolved, allowed);
  const info: Record<string, unknown> = {
    size: stats.size,
    created: stats.birthtime,
    modified: stats.mtime,
    accessed: stats.atime,
    isDirectory: stats.isDirectory(),
    isFile: stats.isFile(),
    permissions: stats.mode.toString(8).slice(-3),
  };
  return Object.entries(info)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join('\n');
}
