/**
 * The second look at a requested path: through the file system. Symbolic
 * links are resolved and the real path must still lie within an allowed
 * directory (a link to outside, for a file or a directory, made before or
 * after start-up, is refused). A path that does not exist yet is resolved
 * up to its deepest existing ancestor, which must be inside too.
 *
 * What is resolved here is checked again when it is opened (see `open.ts`),
 * so a link swapped in between cannot redirect the operation.
 *
 * @module
 */
import { lstat, readdir, realpath } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { ToolError } from 'mcpkit/server';
import { shown, within, withinAny, type AllowedSet } from './allowedSet.js';
import { errorCode } from './errors.js';
import { spell } from './spelling.js';

/** A requested path, resolved. */
export interface Resolved {
  /** The path as asked for (for messages that echo it). */
  readonly requested: string;
  /** The real path; for a missing path, its deepest existing ancestor's real path joined with the missing names. */
  readonly path: string;
  /** Whether it exists. */
  readonly exists: boolean;
  /** The deepest existing ancestor (the path itself when it exists), real. */
  readonly existing: string;
  /** The names below `existing` that do not exist yet (empty when it exists). */
  readonly missing: readonly string[];
}

/** The refusal for a link whose target is outside. */
export function linkOutside(real: string, allowed: AllowedSet): ToolError {
  return new ToolError(`Access denied - symlink target outside allowed directories: ${real} not in ${shown(allowed)}`);
}

/** Resolves `requested` (lexically, then through the file system), refusing any escape. */
export async function resolvePath(requested: string, allowed: AllowedSet): Promise<Resolved> {
  const absolute = spell(requested, allowed);
  let real: string | undefined;
  try {
    real = await realpath(absolute);
  } catch (error) {
    // ENOTDIR: a file where a directory should be; walking finds out whether a link to outside is the reason.
    if (errorCode(error) !== 'ENOENT' && errorCode(error) !== 'ENOTDIR') throw error;
  }
  if (real === undefined) return resolveMissing(requested, absolute, allowed);
  if (!withinAny(real, allowed.real)) throw linkOutside(real, allowed);
  return { requested, path: real, exists: true, existing: real, missing: [] };
}

/** Walks down from the allowed directory, resolving every existing name, until the first missing one. */
async function resolveMissing(requested: string, absolute: string, allowed: AllowedSet): Promise<Resolved> {
  const base = longestContaining(absolute, allowed.spellings);
  let current: string;
  try {
    current = await realpath(base);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') throw new ToolError(`Parent directory does not exist: ${parentOf(absolute)}`);
    throw error;
  }
  if (!withinAny(current, allowed.real)) throw linkOutside(current, allowed);
  const names = relative(base, absolute)
    .split(sep)
    .filter((n) => n !== '');
  for (let i = 0; i < names.length; i++) {
    const name = await existingName(current, names[i] ?? '');
    if (name === undefined) {
      const missing = names.slice(i);
      return { requested, path: join(current, ...missing), exists: false, existing: current, missing };
    }
    const child = join(current, name);
    let real: string;
    try {
      real = await realpath(child);
    } catch (error) {
      if (errorCode(error) === 'ENOENT')
        throw new ToolError(`Access denied - ${child} is a symbolic link to something that does not exist`);
      throw error;
    }
    if (!withinAny(real, allowed.real)) throw linkOutside(real, allowed);
    current = real;
  }
  // It appeared while we looked.
  return { requested, path: current, exists: true, existing: current, missing: [] };
}

/**
 * The entry of `dir` that `name` names: `name` itself if it exists, else the
 * one entry equal to it in Unicode NFC (a client may send `é` composed for a
 * file whose name has it decomposed), else undefined.
 */
async function existingName(dir: string, name: string): Promise<string | undefined> {
  try {
    await lstat(join(dir, name));
    return name;
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
  // Only a name with non-ASCII characters can have another normal form.
  if (/^[\x20-\x7e]*$/.test(name)) return undefined;
  const wanted = name.normalize('NFC');
  const matches = (await readdir(dir)).filter((entry) => entry.normalize('NFC') === wanted);
  if (matches.length > 1) throw new ToolError(`Ambiguous Unicode path component: ${name}`);
  return matches[0];
}

function longestContaining(path: string, dirs: readonly string[]): string {
  let best = '';
  for (const dir of dirs) if (within(path, dir) && dir.length > best.length) best = dir;
  return best;
}

function parentOf(path: string): string {
  const i = path.lastIndexOf(sep);
  return i <= 0 ? sep : path.slice(0, i);
}
