/**
 * The result cache of the stateless era: complete results of cacheable methods
 * (`server/discover`, the lists, `resources/read`) stay fresh for their
 * `ttlMs`. The key is the method plus the canonical params without `_meta`, so
 * each page of a list is its own entry. Notifications invalidate: a
 * `list_changed` drops that list's pages, `resources/updated` the reads of that
 * resource; an invalid cursor drops every page of its list.
 *
 * One client is one authorization context, so `cacheScope` does not split the
 * cache: both `public` and `private` results are kept (a shared cache across
 * clients would have to key private results by credentials).
 *
 * @see https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/caching
 * @module
 */
import { isObject } from '../protocol/check.js';
import { canonicalJson } from '../protocol/canonicalJson.js';

interface Entry {
  readonly value: unknown;
  /** When it stops being fresh, ms since the epoch. */
  readonly expires: number;
  readonly method: string;
  /** The resource read, for `resources/read` entries. */
  readonly uri: string | undefined;
}

/** What the list-changed notifications invalidate. */
const LIST_CHANGED: Readonly<Record<string, readonly string[]>> = {
  'notifications/tools/list_changed': ['tools/list'],
  'notifications/prompts/list_changed': ['prompts/list'],
  'notifications/resources/list_changed': ['resources/list', 'resources/templates/list'],
};

/** Bounded, TTL-driven cache of complete results. */
export class ResultCache {
  readonly #entries = new Map<string, Entry>();
  readonly #max: number;

  constructor(max = 500) {
    this.#max = max;
  }

  /** How many entries are stored (fresh or not yet evicted). */
  get size(): number {
    return this.#entries.size;
  }

  /** The cache key of a request: method plus canonical params without `_meta`. */
  static key(method: string, params: Readonly<Record<string, unknown>> | undefined): string {
    const salient: Record<string, unknown> = {};
    if (params !== undefined) for (const k of Object.keys(params)) if (k !== '_meta') salient[k] = params[k];
    return `${method}\n${canonicalJson(salient)}`;
  }

  /** A fresh result for `key`, if any. */
  get(key: string): unknown {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (Date.now() >= entry.expires) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Stores a complete result, if its `ttlMs` makes it fresh for a while (absent or ≤ 0: stale at once). */
  set(key: string, method: string, params: Readonly<Record<string, unknown>> | undefined, result: unknown): void {
    if (!isObject(result)) return;
    const ttl = result['ttlMs'];
    if (typeof ttl !== 'number' || !(ttl > 0)) return;
    const uri = params?.['uri'];
    this.#entries.delete(key);
    this.#entries.set(key, { value: result, expires: Date.now() + ttl, method, uri: typeof uri === 'string' ? uri : undefined });
    // Evict the oldest insertion first; Map iteration follows insertion order.
    while (this.#entries.size > this.#max) {
      const oldest = this.#entries.keys().next();
      if (oldest.done === true) break;
      this.#entries.delete(oldest.value);
    }
  }

  /** Drops every entry of `method` (all pages of a list). */
  dropMethod(method: string): void {
    for (const [key, entry] of this.#entries) if (entry.method === method) this.#entries.delete(key);
  }

  /** Drops the reads of `uri`, and of resources inside it or containing it (updates may name a sub-resource). */
  dropResource(uri: string): void {
    for (const [key, entry] of this.#entries) {
      if (entry.uri !== undefined && (entry.uri === uri || entry.uri.startsWith(uri) || uri.startsWith(entry.uri)))
        this.#entries.delete(key);
    }
  }

  /** Applies a server notification: list changes and resource updates invalidate. */
  invalidate(method: string, params: Readonly<Record<string, unknown>>): void {
    const lists = LIST_CHANGED[method];
    if (lists !== undefined) for (const list of lists) this.dropMethod(list);
    if (method === 'notifications/resources/updated' && typeof params['uri'] === 'string') this.dropResource(params['uri']);
  }

  /** Drops everything. */
  clear(): void {
    this.#entries.clear();
  }
}
