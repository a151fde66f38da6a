import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalError } from '../../jsonrpc/localError.js';
import { reconnectDelay, reconnectPolicy, sleep } from './reconnect.js';

describe('reconnectDelay', () => {
  const policy = reconnectPolicy({ initialDelayMs: 100, maxDelayMs: 1000, maxRetries: 3 });

  it('backs off exponentially up to the cap when the server gave no retry', () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => reconnectDelay(policy, n, undefined))).toEqual([100, 200, 400, 800, 1000, 1000]);
  });

  it("waits exactly the server's retry first, and never less than it after failures", () => {
    expect(reconnectDelay(policy, 0, 2000)).toBe(2000);
    expect(reconnectDelay(policy, 0, 10)).toBe(10);
    expect(reconnectDelay(policy, 1, 10)).toBe(200);
    expect(reconnectDelay(policy, 3, 2000)).toBe(2000);
  });

  it('has defaults', () => {
    expect(reconnectPolicy(undefined)).toEqual({ maxRetries: 5, initialDelayMs: 1000, maxDelayMs: 30_000 });
  });
});

describe('sleep', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves after the delay', async () => {
    vi.useFakeTimers();
    let done = false;
    const p = sleep(500, new AbortController().signal).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await p;
    expect(done).toBe(true);
  });

  it('rejects with CANCELLED when aborted, before or during the wait', async () => {
    const controller = new AbortController();
    const pending = sleep(10_000, controller.signal);
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(LocalError);
    await expect(sleep(1, controller.signal)).rejects.toMatchObject({ code: 'CANCELLED' });
  });
});
