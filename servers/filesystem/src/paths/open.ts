/**
 * Opening what was checked. A path resolved and found inside may be swapped
 * for a link to outside before it is used; so files and directories are
 * opened without following a final link (`O_NOFOLLOW`), and the descriptor's
 * own path (`/proc/self/fd/N` on Linux) must still be inside. Work inside a
 * directory then goes through its descriptor (`/proc/self/fd/N/name`), which
 * no later rename or link can redirect: the `openat` discipline, in Node.
 *
 * Without `/proc` (macOS, BSD) the descriptor is compared with the path
 * instead (same device and inode, path still real), which narrows the window
 * but cannot close it; README says so.
 *
 * @module
 */
import { constants } from 'node:fs';
import { lstat, open, readlink, realpath, type FileHandle } from 'node:fs/promises';
import { ToolError } from 'mcpkit/server';
import { shown, withinAny, type AllowedSet } from './allowedSet.js';
import { errorCode, relabel, systemError } from './errors.js';

const { O_RDONLY, O_NOFOLLOW, O_NONBLOCK, O_DIRECTORY } = constants;

/** Whether `/proc/self/fd` works here (learned on first use). */
let procfs: boolean | undefined;

/** The path the kernel has for an open descriptor, or undefined where that cannot be asked. */
async function descriptorPath(handle: FileHandle): Promise<string | undefined> {
  if (procfs === false) return undefined;
  try {
    const path = await readlink(`/proc/self/fd/${handle.fd}`);
    procfs = true;
    return path;
  } catch (error) {
    if (procfs === undefined && (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR')) procfs = false;
    if (procfs === false) return undefined;
    throw error;
  }
}

function raced(expected: string, actual: string, allowed: AllowedSet): ToolError {
  return new ToolError(
    `Access denied - ${expected} was replaced while it was being opened; it now leads to ${actual}, outside ${shown(allowed)}`,
  );
}

/** Checks that `handle` is what `expected` (a real path inside) named when it was checked. */
async function verify(handle: FileHandle, expected: string, allowed: AllowedSet): Promise<void> {
  const actual = await descriptorPath(handle);
  if (actual !== undefined) {
    if (actual === expected) return;
    if (actual.endsWith(' (deleted)')) throw systemError('ENOENT', 'open', expected);
    // Renamed meanwhile, but still inside: harmless.
    if (withinAny(actual, allowed.real)) return;
    throw raced(expected, actual, allowed);
  }
  const [opened, named, real] = await Promise.all([handle.stat(), lstat(expected), realpath(expected)]);
  if (opened.ino !== named.ino || opened.dev !== named.dev || real !== expected) throw raced(expected, real, allowed);
}

/** True if `path` is a symbolic link now. */
async function isLink(path: string): Promise<boolean> {
  try {
    return (await lstat(path)).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * Opens `path` with `flags` plus `O_NOFOLLOW`. A link found there was swapped
 * in after the check (the kernel says ELOOP, or ENOTDIR when a directory was
 * asked for): refused as such.
 */
async function openNoFollow(path: string, flags: number, mode?: number): Promise<FileHandle> {
  try {
    return await open(path, flags | O_NOFOLLOW, mode);
  } catch (error) {
    const code = errorCode(error);
    if ((code === 'ELOOP' || code === 'ENOTDIR') && (code === 'ELOOP' || (await isLink(path))))
      throw new ToolError(`Access denied - ${path} was replaced by a symbolic link while it was being opened`);
    throw error;
  }
}

/** A directory opened after its path was checked: operations on its entries go through the descriptor. */
export class OpenDir {
  /** The open descriptor. */
  readonly handle: FileHandle;
  /** Its real path (for messages). */
  readonly real: string;
  /** The path operations go through: `/proc/self/fd/N` where there is one, else the real path. */
  readonly via: string;

  constructor(handle: FileHandle, real: string, via: string) {
    this.handle = handle;
    this.real = real;
    this.via = via;
  }

  /** The path of entry `name` of this directory, through the descriptor. */
  at(name: string): string {
    return `${this.via}/${name}`;
  }

  /** Runs `op`, telling errors with the real path rather than the descriptor's. */
  async run<T>(op: () => Promise<T>): Promise<T> {
    try {
      return await op();
    } catch (error) {
      throw relabel(error, this.via, this.real);
    }
  }

  /** Closes the descriptor. */
  async close(): Promise<void> {
    await this.handle.close();
  }
}

async function wrapDir(handle: FileHandle, real: string): Promise<OpenDir> {
  const via = (await descriptorPath(handle)) === undefined ? real : `/proc/self/fd/${handle.fd}`;
  return new OpenDir(handle, real, via);
}

/** Opens the directory at `real` (resolved and inside), refusing anything but what was checked. */
export async function openDir(real: string, allowed: AllowedSet): Promise<OpenDir> {
  const handle = await openNoFollow(real, O_RDONLY | O_DIRECTORY);
  try {
    await verify(handle, real, allowed);
    return await wrapDir(handle, real);
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Opens the subdirectory `name` of `parent` without following a link: it lies inside by construction. */
export async function openChildDir(parent: OpenDir, name: string): Promise<OpenDir> {
  const handle = await parent.run(() => openNoFollow(parent.at(name), O_RDONLY | O_DIRECTORY));
  return wrapDir(handle, `${parent.real === '/' ? '' : parent.real}/${name}`);
}

/**
 * Opens the regular file at `real` (resolved and inside) for reading. A
 * directory is `EISDIR`, as `readFile` says; a FIFO, socket or device is
 * refused rather than read (it could block forever or never end).
 */
export async function openFile(real: string, allowed: AllowedSet): Promise<FileHandle> {
  const handle = await openNoFollow(real, O_RDONLY | O_NONBLOCK);
  try {
    await verify(handle, real, allowed);
    const info = await handle.stat();
    if (info.isDirectory()) throw Object.assign(new Error('EISDIR: illegal operation on a directory, read'), { code: 'EISDIR' });
    if (!info.isFile()) throw new ToolError(`${real} is not a regular file (a device, FIFO or socket is never read)`);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Opens the file or directory at `real` for reading its metadata (a file that cannot be read: undefined). */
export async function openAny(real: string, allowed: AllowedSet): Promise<FileHandle | undefined> {
  let handle: FileHandle;
  try {
    handle = await openNoFollow(real, O_RDONLY | O_NONBLOCK);
  } catch (error) {
    if (errorCode(error) === 'EACCES' || errorCode(error) === 'EPERM') return undefined;
    throw error;
  }
  try {
    await verify(handle, real, allowed);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}
