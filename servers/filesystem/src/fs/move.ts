/**
 * `move_file`: rename a file or directory, never over an existing entry. A
 * file is moved by linking it under the new name (which fails if the name is
 * taken, atomically) and unlinking the old one; a directory by a rename
 * after checking the name is free. Both ends go through their directories'
 * descriptors.
 *
 * @module
 */
import { link, lstat, rename, unlink } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { ToolError } from 'mcpkit/server';
import { withinAny, type AllowedSet } from '../paths/allowedSet.js';
import { errorCode, relabel } from '../paths/errors.js';
import { openDir, type OpenDir } from '../paths/open.js';
import type { Resolved } from '../paths/resolve.js';

function taken(path: string): ToolError {
  return new ToolError(`Destination already exists: ${path}`);
}

/** Opens the directory an entry is in; the allowed directories themselves cannot be moved or replaced. */
async function parentOf(entry: Resolved, allowed: AllowedSet): Promise<OpenDir> {
  const parent = dirname(entry.path);
  if (!withinAny(parent, allowed.real))
    throw new ToolError(`Access denied - ${entry.path} is an allowed directory itself; it cannot be moved or replaced`);
  return openDir(parent, allowed);
}

async function moveEntry(from: OpenDir, fromName: string, to: OpenDir, toName: string, destination: string): Promise<void> {
  const source = from.at(fromName);
  const target = to.at(toName);
  const info = await lstat(source);
  if (!info.isDirectory()) {
    try {
      await link(source, target);
      await unlink(source);
      return;
    } catch (error) {
      if (errorCode(error) === 'EEXIST') throw taken(destination);
      // No hard links here (another device, or a file system without them): fall back to a checked rename.
      if (!['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK'].includes(errorCode(error) ?? '')) throw error;
    }
  }
  try {
    await lstat(target);
    throw taken(destination);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
  await rename(source, target);
}

/** Moves `source` to `destination` (which must not exist). */
export async function moveFile(source: Resolved, destination: Resolved, allowed: AllowedSet): Promise<void> {
  if (destination.exists) throw taken(destination.path);
  if (!source.exists)
    throw Object.assign(new Error(`ENOENT: no such file or directory, rename '${source.path}' -> '${destination.path}'`), {
      code: 'ENOENT',
    });
  const from = await parentOf(source, allowed);
  try {
    const to = await parentOf(destination, allowed).catch((error: unknown) => {
      if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR')
        throw Object.assign(new Error(`ENOENT: no such file or directory, rename '${source.path}' -> '${destination.path}'`), {
          code: 'ENOENT',
        });
      throw error;
    });
    try {
      await moveEntry(from, basename(source.path), to, basename(destination.path), destination.path);
    } catch (error) {
      throw relabel(relabel(error, from.via, dirname(source.path)), to.via, dirname(destination.path));
    } finally {
      await to.close();
    }
  } finally {
    await from.close();
  }
}
