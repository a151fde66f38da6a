// HandleStore: explicit state handles with expiry, principal binding and an
// LRU bound. The clock is injected, so no test waits.
import { describe, expect, it } from 'vitest';
import { HandleStore } from './handles.js';

function clock(start = 1_000): { now: () => number; advance(ms: number): void } {
  let t = start;
  return {
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
  };
}

describe('HandleStore', () => {
  it('returns the value stored under a new handle', () => {
    const store = new HandleStore<{ items: string[] }>();
    const id = store.create({ items: ['a'] });
    expect(store.get(id)).toEqual({ items: ['a'] });
  });

  it('makes unguessable ids with the prefix (128 random bits)', () => {
    const store = new HandleStore({ prefix: 'bsk_' });
    const ids = new Set(Array.from({ length: 100 }, () => store.create(1)));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^bsk_[A-Za-z0-9_-]{22}$/);
  });

  it('returns undefined for an unknown handle or a non-string', () => {
    const store = new HandleStore<number>();
    store.create(1);
    expect(store.get('h_unknown')).toBeUndefined();
    expect(store.get(42)).toBeUndefined();
    expect(store.get(undefined)).toBeUndefined();
  });

  it('expires a handle after ttlMs of inactivity', () => {
    const c = clock();
    const store = new HandleStore<number>({ ttlMs: 100, now: c.now });
    const id = store.create(1);
    c.advance(100);
    expect(store.get(id)).toBeUndefined();
  });

  it('keeps a handle alive while it is used', () => {
    const c = clock();
    const store = new HandleStore<number>({ ttlMs: 100, now: c.now });
    const id = store.create(1);
    for (let i = 0; i < 5; i++) {
      c.advance(99);
      expect(store.get(id)).toBe(1);
    }
  });

  it('forgets an expired handle once touched', () => {
    const c = clock();
    const store = new HandleStore<number>({ ttlMs: 10, now: c.now });
    const id = store.create(1);
    c.advance(10);
    store.get(id);
    expect(store.size).toBe(0);
  });

  it('binds a handle to the principal that created it', () => {
    const store = new HandleStore<string>();
    const id = store.create('secret', 'alice');
    expect(store.get(id, 'alice')).toBe('secret');
    expect(store.get(id, 'bob')).toBeUndefined();
    expect(store.get(id)).toBeUndefined();
  });

  it('does not let a principal use an unbound handle', () => {
    const store = new HandleStore<string>();
    const id = store.create('shared');
    expect(store.get(id, 'alice')).toBeUndefined();
    expect(store.get(id)).toBe('shared');
  });

  it('drops the least recently used handle beyond maxEntries', () => {
    const store = new HandleStore<string>({ maxEntries: 2 });
    const a = store.create('a');
    const b = store.create('b');
    store.get(a);
    const c = store.create('c');
    expect([store.get(a), store.get(b), store.get(c)]).toEqual(['a', undefined, 'c']);
    expect(store.size).toBe(2);
  });

  it('replaces a value with set, only for the owning principal', () => {
    const store = new HandleStore<number>();
    const id = store.create(1, 'alice');
    expect(store.set(id, 2, 'bob')).toBe(false);
    expect(store.set(id, 3, 'alice')).toBe(true);
    expect(store.get(id, 'alice')).toBe(3);
  });

  it('refuses set on an unknown or expired handle', () => {
    const c = clock();
    const store = new HandleStore<number>({ ttlMs: 10, now: c.now });
    const id = store.create(1);
    c.advance(10);
    expect(store.set(id, 2)).toBe(false);
    expect(store.set('h_nope', 2)).toBe(false);
  });

  it('deletes a handle, only for the owning principal', () => {
    const store = new HandleStore<number>();
    const id = store.create(1, 'alice');
    expect(store.delete(id, 'bob')).toBe(false);
    expect(store.delete(id, 'alice')).toBe(true);
    expect(store.get(id, 'alice')).toBeUndefined();
    expect(store.delete(id, 'alice')).toBe(false);
  });
});
