/**
 * A lock between processes on one file: a lock file beside it, created
 * atomically (hard-linked into place, so exactly one process creates it), holding the owner's pid and
 * when it was taken. A lock whose owner died (its pid is gone) or that is
 * older than `staleMs` is broken, so a crash never blocks the others for
 * good. Breaking is careful: the stale file is renamed away first and checked
 * to be the one judged stale, so two processes breaking the same stale lock
 * never remove a live one.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { LocalError } from '../../jsonrpc/localError.js';

/** How the lock waits and when it counts as abandoned. */
export interface FileLockOptions {
  /** Longest wait for the lock, ms (default 30 000). */
  readonly timeoutMs?: number;
  /** A lock older than this is abandoned, ms (default 60 000). */
  readonly staleMs?: number;
}

/** Runs `work` holding the lock file `path`; the lock is released however `work` ends. */
export async function withFileLock<T>(path: string, work: () => Promise<T>, options: FileLockOptions = {}): Promise<T> {
  const token = await acquire(path, options);
  try {
    return await work();
  } finally {
    await release(path, token);
  }
}

async function acquire(path: string, options: FileLockOptions): Promise<string> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  const token = `${String(process.pid)} ${String(Date.now())} ${randomBytes(8).toString('hex')}`;
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  for (let wait = 10; ; wait = Math.min(wait * 2, 200)) {
    if (await create(path, token)) return token;
    const held = await readFile(path, 'utf8').catch(() => undefined);
    if (held !== undefined && isStale(held, options.staleMs ?? 60_000)) {
      await breakLock(path, held);
      continue;
    }
    if (Date.now() > deadline) throw new LocalError('REQUEST_TIMEOUT', `${path} stayed locked by another process`);
    // Jitter: processes that queued together do not retry together.
    await new Promise((resolve) => setTimeout(resolve, wait + Math.random() * wait));
  }
}

/**
 * Creates the lock file with its content in one step: written aside, then
 * hard-linked into place (`link` fails if the name exists), so no process
 * ever reads a lock file half written.
 */
async function create(path: string, token: string): Promise<boolean> {
  const aside = `${path}.${String(process.pid)}.${randomBytes(4).toString('hex')}.new`;
  await writeFile(aside, token, { mode: 0o600 });
  try {
    await link(aside, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  } finally {
    await unlink(aside).catch(() => undefined);
  }
}

/** True if the holder's process is gone (on this machine) or the lock is older than `staleMs`. */
function isStale(held: string, staleMs: number): boolean {
  const [pidText, atText] = held.split(' ');
  const pid = Number(pidText);
  const at = Number(atText);
  // Not a lock this code wrote (garbage): nobody will release it.
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isFinite(at)) return true;
  if (Date.now() - at > staleMs) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

async function breakLock(path: string, stale: string): Promise<void> {
  const aside = `${path}.${String(process.pid)}.${randomBytes(4).toString('hex')}.broken`;
  try {
    await rename(path, aside);
  } catch {
    return; // someone else broke it first
  }
  const moved = await readFile(aside, 'utf8').catch(() => undefined);
  if (moved !== stale) {
    // We moved a live lock that replaced the stale one meanwhile: put it back unless a new one exists.
    await link(aside, path).catch(() => undefined);
  }
  await unlink(aside).catch(() => undefined);
}

async function release(path: string, token: string): Promise<void> {
  // Only our own lock: if ours was broken as stale, the file now belongs to another process.
  const held = await readFile(path, 'utf8').catch(() => undefined);
  if (held === token) await unlink(path).catch(() => undefined);
}
