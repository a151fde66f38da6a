import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryLeases } from './memoryLeases.js';

describe('MemoryLeases', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives a free key to the first holder and names it to the next', async () => {
    const leases = new MemoryLeases();
    expect(await leases.acquire('k', 'a', 1000)).toBe('a');
    expect(await leases.acquire('k', 'b', 1000)).toBe('a');
    expect(await leases.holder('k')).toBe('a');
  });

  it('renews and releases only for the holder', async () => {
    const leases = new MemoryLeases();
    await leases.acquire('k', 'a', 1000);
    expect(await leases.renew('k', 'b', 1000)).toBe(false);
    await leases.release('k', 'b');
    expect(await leases.holder('k')).toBe('a');
    expect(await leases.renew('k', 'a', 1000)).toBe(true);
    await leases.release('k', 'a');
    expect(await leases.holder('k')).toBeUndefined();
  });

  it('replaces whoever holds it, or only the named previous holder', async () => {
    const leases = new MemoryLeases();
    await leases.acquire('k', 'a', 1000);
    expect(await leases.replace('k', 'b', 1000, 'c')).toBe(false);
    expect(await leases.replace('k', 'b', 1000, 'a')).toBe(true);
    expect(await leases.replace('k', 'c', 1000)).toBe(true);
    expect(await leases.holder('k')).toBe('c');
  });

  it('expires a lease that is not renewed; a renewal extends it', async () => {
    vi.useFakeTimers({ now: 0 });
    const leases = new MemoryLeases();
    await leases.acquire('k', 'a', 100);
    vi.setSystemTime(90);
    expect(await leases.renew('k', 'a', 100)).toBe(true);
    vi.setSystemTime(150);
    expect(await leases.holder('k')).toBe('a');
    vi.setSystemTime(190);
    expect(await leases.holder('k')).toBeUndefined();
    expect(await leases.renew('k', 'a', 100)).toBe(false);
    expect(await leases.acquire('k', 'b', 100)).toBe('b');
  });
});
