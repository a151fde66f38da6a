import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withFileLock } from './fileLock.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpkit-lock-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A pid no process has (the kernel's limit is far below it). */
const DEAD_PID = 2 ** 30;

describe('withFileLock', () => {
  it('lets one holder in at a time, and removes its file afterwards', async () => {
    const lock = join(dir, 'auth.json.lock');
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        withFileLock(lock, async () => {
          inside++;
          most = Math.max(most, inside);
          await new Promise((resolve) => setTimeout(resolve, 5));
          inside--;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('releases when the work throws', async () => {
    const lock = join(dir, 'auth.json.lock');
    await expect(withFileLock(lock, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(existsSync(lock)).toBe(false);
  });

  it('breaks the lock of a process that is gone', async () => {
    const lock = join(dir, 'auth.json.lock');
    writeFileSync(lock, `${String(DEAD_PID)} ${String(Date.now())} abc`);
    expect(await withFileLock(lock, () => Promise.resolve('in'))).toBe('in');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('breaks a lock older than staleMs even if its pid lives, and a lock file that is garbage', async () => {
    const lock = join(dir, 'auth.json.lock');
    writeFileSync(lock, `${String(process.pid)} ${String(Date.now() - 120_000)} abc`);
    expect(await withFileLock(lock, () => Promise.resolve(1))).toBe(1);
    writeFileSync(lock, 'not a lock');
    expect(await withFileLock(lock, () => Promise.resolve(2))).toBe(2);
  });

  it('waits for a live holder, and gives up after timeoutMs', async () => {
    const lock = join(dir, 'auth.json.lock');
    writeFileSync(lock, `${String(process.pid)} ${String(Date.now())} held`);
    await expect(withFileLock(lock, () => Promise.resolve(), { timeoutMs: 200 })).rejects.toMatchObject({
      code: 'REQUEST_TIMEOUT',
    });
    // The live holder's lock is still there: a waiter never removes it.
    expect(existsSync(lock)).toBe(true);
  });
});
