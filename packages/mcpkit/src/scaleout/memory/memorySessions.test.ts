import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionRecord } from '../sessions.js';
import { MemorySessions } from './memorySessions.js';

const record: SessionRecord = {
  principal: 'p:ada',
  snapshot: { revision: '2025-11-25', capabilities: {}, advertised: {}, initialized: true, subscriptions: [] },
};

describe('MemorySessions', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves, loads, touches and removes, telling its owner of the removal', async () => {
    const removed: string[] = [];
    const sessions = new MemorySessions(1000, (id) => removed.push(id));
    expect(await sessions.load('s')).toBeUndefined();
    await sessions.save('s', record);
    expect(await sessions.load('s')).toBe(record);
    expect(await sessions.touch('s')).toBe(true);
    await sessions.remove('s');
    expect(await sessions.load('s')).toBeUndefined();
    expect(await sessions.touch('s')).toBe(false);
    expect(removed).toEqual(['s']);
  });

  it('forgets a session idle for its lifetime; a touch starts the lifetime again', async () => {
    vi.useFakeTimers({ now: 0 });
    const sessions = new MemorySessions(100, () => undefined);
    await sessions.save('s', record);
    vi.setSystemTime(90);
    expect(await sessions.touch('s')).toBe(true);
    vi.setSystemTime(180);
    expect(sessions.live('s')).toBe(record);
    vi.setSystemTime(190);
    expect(await sessions.load('s')).toBeUndefined();
    expect(sessions.size).toBe(0);
  });

  it('lists the ids it keeps for the fan-out scan', async () => {
    const sessions = new MemorySessions(1000, () => undefined);
    await sessions.save('a', record);
    await sessions.save('b', record);
    expect(sessions.ids().sort()).toEqual(['a', 'b']);
  });
});
