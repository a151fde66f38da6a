/** Options of a {@link HandleStore}. */
export interface HandleStoreOptions {
    /** Prefix of every id, e.g. `bsk_` (makes handles recognizable; carries no meaning). */
    readonly prefix?: string;
    /** Inactivity after which a handle expires, in ms (default 24 hours). State it in the creation tool's description. */
    readonly ttlMs?: number;
    /** The most handles kept; the least recently used are dropped beyond it (default 10 000). */
    readonly maxEntries?: number;
    /** The clock, for tests. */
    readonly now?: () => number;
}
/** An in-memory store of state reached through explicit handles. */
export declare class HandleStore<T> {
    #private;
    constructor(options?: HandleStoreOptions);
    /** Stores `value` and returns its new handle (128 random bits), bound to `principal` when given. */
    create(value: T, principal?: string): string;
    /**
     * The value of `id`, if it exists, has not expired, and belongs to
     * `principal` (a handle is a name, not a capability: possession alone does
     * not grant access when the server knows who is calling). Refreshes its
     * expiry. Undefined otherwise: answer with a tool error that says the handle
     * is unknown or expired, so the model can create a new one.
     */
    get(id: unknown, principal?: string): T | undefined;
    /** Replaces the value of an existing handle; false if it is unknown, expired or not the principal's. */
    set(id: string, value: T, principal?: string): boolean;
    /** Deletes a handle; false if it did not exist or is not the principal's. */
    delete(id: string, principal?: string): boolean;
    /** How many handles are stored (expired ones included until touched). */
    get size(): number;
}
//# sourceMappingURL=handles.d.ts.map