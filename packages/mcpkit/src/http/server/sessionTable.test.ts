import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionTable, type SessionEntry } from './sessionTable.js';

class Entry implements SessionEntry {
  lastActive = Date.now();
  busy = false;
  closed = false;
  constructor(readonly id: string) {}
  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }
}

describe('SessionTable', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('expires idle sessions on a timer, and never busy ones', () => {
    const table = new SessionTable({ idleTimeoutMs: 1000, maxSessions: 10 });
    const idle = new Entry('idle');
    const busy = new Entry('busy');
    busy.busy = true;
    table.add(idle);
    table.add(busy);
    vi.advanceTimersByTime(999);
    expect(table.size).toBe(2);
    vi.advanceTimersByTime(600);
    expect(idle.closed).toBe(true);
    expect(table.get('idle')).toBeUndefined();
    expect(table.get('busy')).toBe(busy);
    busy.busy = false;
    vi.advanceTimersByTime(1000);
    expect(table.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('at the cap, reserve() evicts the longest idle session, or refuses when all are busy', () => {
    const table = new SessionTable({ idleTimeoutMs: Infinity, maxSessions: 2 });
    const a = new Entry('a');
    vi.advanceTimersByTime(10);
    const b = new Entry('b');
    table.add(b);
    table.add(a);
    expect(table.reserve()).toBe(true);
    expect(a.closed).toBe(true);
    table.add(new Entry('c'));
    for (const id of ['b', 'c']) (table.get(id) as Entry).busy = true;
    expect(table.reserve()).toBe(false);
    expect(table.size).toBe(2);
  });

  it('closeAll closes every session', async () => {
    const table = new SessionTable({ idleTimeoutMs: 1000, maxSessions: 10 });
    const entries = [new Entry('1'), new Entry('2')];
    for (const e of entries) table.add(e);
    await table.closeAll();
    expect(entries.every((e) => e.closed)).toBe(true);
    expect(table.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
