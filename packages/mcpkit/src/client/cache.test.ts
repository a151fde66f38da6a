import { afterEach, describe, expect, it, vi } from 'vitest';
import { canonicalJson } from '../protocol/canonicalJson.js';
import { ResultCache } from './cache.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('ResultCache', () => {
  it('keys by method and canonical params, ignoring _meta and key order', () => {
    const a = ResultCache.key('resources/read', { uri: 'x://a', _meta: { t: 1 } });
    expect(ResultCache.key('resources/read', { _meta: { t: 2 }, uri: 'x://a' })).toBe(a);
    expect(ResultCache.key('resources/read', { uri: 'x://b' })).not.toBe(a);
    expect(ResultCache.key('tools/list', undefined)).toBe(ResultCache.key('tools/list', {}));
    expect(ResultCache.key('tools/list', { cursor: '' })).not.toBe(ResultCache.key('tools/list', {}));
  });

  it('keeps a result fresh for its ttlMs only', () => {
    vi.useFakeTimers();
    const cache = new ResultCache();
    const key = ResultCache.key('tools/list', {});
    cache.set(key, 'tools/list', {}, { tools: [], ttlMs: 1_000 });
    expect(cache.get(key)).toEqual({ tools: [], ttlMs: 1_000 });
    vi.advanceTimersByTime(999);
    expect(cache.get(key)).toBeDefined();
    vi.advanceTimersByTime(1);
    expect(cache.get(key)).toBeUndefined();
  });

  it('stores nothing whose ttlMs is absent, zero or negative', () => {
    const cache = new ResultCache();
    for (const ttlMs of [undefined, 0, -5, 'soon']) cache.set(`k${String(ttlMs)}`, 'tools/list', {}, { tools: [], ttlMs });
    expect(cache.size).toBe(0);
  });

  it('invalidates lists on list_changed and reads on resources/updated', () => {
    const cache = new ResultCache();
    const put = (method: string, params: Record<string, unknown>): string => {
      const key = ResultCache.key(method, params);
      cache.set(key, method, params, { ttlMs: 60_000 });
      return key;
    };
    const tools = put('tools/list', {});
    const page2 = put('tools/list', { cursor: 'c' });
    const resources = put('resources/list', {});
    const templates = put('resources/templates/list', {});
    const dir = put('resources/read', { uri: 'file:///dir' });
    const file = put('resources/read', { uri: 'file:///dir/file' });
    const other = put('resources/read', { uri: 'file:///other' });
    cache.invalidate('notifications/tools/list_changed', {});
    expect([cache.get(tools), cache.get(page2)]).toEqual([undefined, undefined]);
    expect(cache.get(resources)).toBeDefined();
    cache.invalidate('notifications/resources/list_changed', {});
    expect([cache.get(resources), cache.get(templates)]).toEqual([undefined, undefined]);
    cache.invalidate('notifications/resources/updated', { uri: 'file:///dir/file' });
    expect([cache.get(dir), cache.get(file), cache.get(other)]).toEqual([undefined, undefined, { ttlMs: 60_000 }]);
  });

  it('evicts the oldest entries beyond its size', () => {
    const cache = new ResultCache(2);
    cache.set('a', 'm', {}, { ttlMs: 10_000 });
    cache.set('b', 'm', {}, { ttlMs: 10_000 });
    cache.set('c', 'm', {}, { ttlMs: 10_000 });
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map((v) => v !== undefined)).toEqual([false, true, true]);
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[1,{"y":2,"z":1}]},"b":1}');
    expect(canonicalJson(undefined)).toBe('null');
  });
});
