/** Bounded, TTL-driven cache of complete results. */
export declare class ResultCache {
    #private;
    constructor(max?: number);
    /** How many entries are stored (fresh or not yet evicted). */
    get size(): number;
    /** The cache key of a request: method plus canonical params without `_meta`. */
    static key(method: string, params: Readonly<Record<string, unknown>> | undefined): string;
    /** A fresh result for `key`, if any. */
    get(key: string): unknown;
    /** Stores a complete result, if its `ttlMs` makes it fresh for a while (absent or ≤ 0: stale at once). */
    set(key: string, method: string, params: Readonly<Record<string, unknown>> | undefined, result: unknown): void;
    /** Drops every entry of `method` (all pages of a list). */
    dropMethod(method: string): void;
    /** Drops the reads of `uri`, and of resources inside it or containing it (updates may name a sub-resource). */
    dropResource(uri: string): void;
    /** Applies a server notification: list changes and resource updates invalidate. */
    invalidate(method: string, params: Readonly<Record<string, unknown>>): void;
    /** Drops everything. */
    clear(): void;
}
/** JSON with object keys sorted, so equal params always give equal keys. */
export declare function canonicalJson(value: unknown): string;
//# sourceMappingURL=cache.d.ts.map