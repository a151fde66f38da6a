import { describe, expect, it } from 'vitest';
import { MemoryEventStore } from './eventStore.js';

describe('MemoryEventStore', () => {
  it('replays the events after a sequence number, per stream only', () => {
    const store = new MemoryEventStore();
    store.append('s/1', 1, 'a');
    store.append('s/2', 1, 'other');
    store.append('s/1', 2, 'b');
    store.append('s/1', 3, 'c');
    expect(store.after('s/1', 1)).toEqual([
      { seq: 2, data: 'b' },
      { seq: 3, data: 'c' },
    ]);
    expect(store.after('s/2', 0)).toEqual([{ seq: 1, data: 'other' }]);
    expect(store.after('s/3', 0)).toEqual([]);
  });

  it('keeps at most maxEventsPerStream per stream, oldest out', () => {
    const store = new MemoryEventStore({ maxEventsPerStream: 3 });
    for (let i = 1; i <= 10; i++) store.append('s', i, String(i));
    expect(store.after('s', 0).map((e) => e.seq)).toEqual([8, 9, 10]);
    expect(store.size).toBe(3);
  });

  it('keeps at most maxEvents in total, evicting the globally oldest', () => {
    const store = new MemoryEventStore({ maxEvents: 4 });
    store.append('a', 1, 'a1');
    store.append('b', 1, 'b1');
    store.append('a', 2, 'a2');
    store.append('b', 2, 'b2');
    store.append('c', 1, 'c1');
    store.append('c', 2, 'c2');
    expect(store.size).toBe(4);
    expect(store.after('a', 0).map((e) => e.data)).toEqual(['a2']);
    expect(store.after('b', 0).map((e) => e.data)).toEqual(['b2']);
    expect(store.after('c', 0).map((e) => e.data)).toEqual(['c1', 'c2']);
  });

  it('bounds the characters kept', () => {
    const store = new MemoryEventStore({ maxChars: 10 });
    store.append('s', 1, '12345');
    store.append('s', 2, '12345');
    store.append('s', 3, '12345');
    expect(store.after('s', 0).map((e) => e.seq)).toEqual([2, 3]);
  });

  it('forgets dropped streams and stays bounded over many streams', () => {
    const store = new MemoryEventStore({ maxEventsPerStream: 2, maxEvents: 100 });
    for (let s = 0; s < 5000; s++) {
      for (let i = 1; i <= 5; i++) store.append(`s${s}`, i, 'x');
      if (s % 2 === 0) store.drop(`s${s}`);
    }
    expect(store.size).toBeLessThanOrEqual(100);
    expect(store.streams).toBeLessThanOrEqual(100);
    expect(store.after('s0', 0)).toEqual([]);
    expect(store.after('s4999', 0).map((e) => e.seq)).toEqual([4, 5]);
  });
});
