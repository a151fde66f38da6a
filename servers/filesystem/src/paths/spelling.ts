/**
 * The first, lexical look at a requested path: its shape (NUL bytes, length),
 * `~`, Windows drive letters on POSIX, relative paths, and `..` — all refused
 * or resolved before the file system is touched.
 *
 * @module
 */
import { homedir } from 'node:os';
import { isAbsolute, resolve, sep } from 'node:path';
import { ToolError } from 'mcpkit/server';
import { shown, withinAny, type AllowedSet } from './allowedSet.js';

/** The longest path accepted, in bytes (Linux's PATH_MAX). */
export const MAX_PATH_BYTES = 4096;
/** The longest file name accepted, in bytes (NAME_MAX of common file systems). */
export const MAX_NAME_BYTES = 255;

const WINDOWS_DRIVE = /^[A-Za-z]:(?:[\\/]|$)/;

/** `~` and `~/…` mean the home directory, as in a shell (and in the official server); `~user` is a plain name. */
export function expandHome(path: string): string {
  return path === '~' || path.startsWith('~/') ? homedir() + path.slice(1) : path;
}

/** The refusal for a path outside every allowed directory. */
export function outside(absolute: string, allowed: AllowedSet): ToolError {
  if (allowed.real.length === 0) {
    return new ToolError(
      `Access denied - path outside allowed directories: ${absolute} (the client's roots leave no allowed directory)`,
    );
  }
  return new ToolError(`Access denied - path outside allowed directories: ${absolute} not in ${shown(allowed)}`);
}

/** Refuses a path whose shape alone is unsafe or unusable: a NUL byte, or more bytes than any file system takes. */
export function checkShape(requested: string): void {
  if (requested.includes('\0')) throw new ToolError('Access denied - path contains a NUL byte');
  const bytes = Buffer.byteLength(requested);
  if (bytes > MAX_PATH_BYTES) throw new ToolError(`Access denied - path too long: ${bytes} bytes (at most ${MAX_PATH_BYTES})`);
  for (const name of requested.split(/[\\/]/)) {
    const length = Buffer.byteLength(name);
    if (length > MAX_NAME_BYTES)
      throw new ToolError(
        `Access denied - file name too long: ${length} bytes (at most ${MAX_NAME_BYTES}) in one path component`,
      );
  }
}

/**
 * The absolute, normalized path a request names (no `..` left), checked
 * lexically against the allowed directories. A relative path is taken
 * relative to the first allowed directory it stays within.
 */
export function spell(requested: string, allowed: AllowedSet): string {
  checkShape(requested);
  const expanded = expandHome(requested);
  if (sep === '/' && WINDOWS_DRIVE.test(expanded))
    throw new ToolError(`Access denied - Windows-style path received on a POSIX host: ${requested}`);
  const absolute = isAbsolute(expanded) ? resolve(expanded) : relativeToAllowed(expanded, allowed.spellings);
  if (!withinAny(absolute, allowed.spellings)) throw outside(absolute, allowed);
  return absolute;
}

function relativeToAllowed(relative: string, dirs: readonly string[]): string {
  for (const dir of dirs) {
    const candidate = resolve(dir, relative);
    if (withinAny(candidate, dirs)) return candidate;
  }
  // Outside all of them: refused by the caller, with this path in the message.
  return resolve(dirs[0] ?? '/', relative);
}
