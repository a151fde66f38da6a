/**
 * Writing: a whole file at once, atomically. The content goes to a temporary
 * file beside the target (created exclusively, never through a link),
 * reaches the disk, and is renamed over the target; a reader sees the old
 * file or the new one, never half of either, and a crash leaves the old one.
 * An existing file keeps its permission bits. Everything happens through the
 * parent directory's descriptor, so the directory cannot be swapped midway.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { ToolError } from 'mcpkit/server';
import { withinAny, type AllowedSet } from '../paths/allowedSet.js';
import { errorCode, systemError } from '../paths/errors.js';
import { openDir, type OpenDir } from '../paths/open.js';
import type { Resolved } from '../paths/resolve.js';

const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW } = constants;

/** Opens the directory a new or replaced file goes in; a missing one fails as `writeFile` would. */
async function openParent(target: Resolved, allowed: AllowedSet): Promise<OpenDir> {
  if (target.missing.length > 1) throw systemError('ENOENT', 'open', target.path);
  const parent = dirname(target.path);
  if (!withinAny(parent, allowed.real))
    throw new ToolError(`Access denied - ${target.path} is an allowed directory itself, not a file to write`);
  try {
    return await openDir(parent, allowed);
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') throw systemError('ENOENT', 'open', target.path);
    throw error;
  }
}

/** The permission bits of entry `name` of `dir`, if it exists; a directory there is `EISDIR`. */
async function existingMode(dir: OpenDir, name: string, path: string): Promise<number | undefined> {
  try {
    const info = await lstat(dir.at(name));
    if (info.isDirectory()) throw systemError('EISDIR', 'open', path);
    // A link here was swapped in after the path was resolved (a resolved path has none left).
    if (info.isSymbolicLink())
      throw new ToolError(`Access denied - ${path} was replaced by a symbolic link while it was being written`);
    return info.mode & 0o7777;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/** Replaces (or creates) `target` with `content`, atomically. */
export async function writeAtomic(target: Resolved, content: string | Uint8Array, allowed: AllowedSet): Promise<void> {
  const dir = await openParent(target, allowed);
  const name = basename(target.path);
  // Short, so that a 255-byte file name still leaves room for it.
  const temporary = `.mcpkit-${randomBytes(8).toString('hex')}.tmp`;
  try {
    await dir.run(async () => {
      const mode = await existingMode(dir, name, target.path);
      const file = await open(dir.at(temporary), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode ?? 0o666);
      try {
        await file.writeFile(content);
        if (mode !== undefined) await file.chmod(mode);
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(dir.at(temporary), dir.at(name));
    });
  } catch (error) {
    await unlink(dir.at(temporary)).catch(() => undefined);
    await dir.close();
    throw error;
  }
  // The rename itself reaches the disk with the directory.
  await dir.handle.sync().catch(() => undefined);
  await dir.close();
}
