/**
 * Explicit state handles, the 2026-07-28 replacement for per-session state
 * (`server/tools.mdx#stateful-tools`): a creation tool returns an opaque,
 * unguessable id; later calls pass it back as an ordinary argument. The store
 * binds each handle to the principal that created it, expires it after a
 * period of inactivity, and bounds how many it keeps.
 *
 * @module
 */
import { toBase64Url } from './base64.js';
/** An in-memory store of state reached through explicit handles. */
export class HandleStore {
    #slots = new Map();
    #prefix;
    #ttl;
    #max;
    #now;
    constructor(options = {}) {
        this.#prefix = options.prefix ?? 'h_';
        this.#ttl = options.ttlMs ?? 24 * 60 * 60_000;
        this.#max = options.maxEntries ?? 10_000;
        this.#now = options.now ?? Date.now;
    }
    /** Stores `value` and returns its new handle (128 random bits), bound to `principal` when given. */
    create(value, principal) {
        const id = `${this.#prefix}${toBase64Url(crypto.getRandomValues(new Uint8Array(16)))}`;
        this.#slots.set(id, { value, principal, expires: this.#now() + this.#ttl });
        while (this.#slots.size > this.#max) {
            const oldest = this.#slots.keys().next().value;
            if (oldest === undefined)
                break;
            this.#slots.delete(oldest);
        }
        return id;
    }
    /**
     * The value of `id`, if it exists, has not expired, and belongs to
     * `principal` (a handle is a name, not a capability: possession alone does
     * not grant access when the server knows who is calling). Refreshes its
     * expiry. Undefined otherwise: answer with a tool error that says the handle
     * is unknown or expired, so the model can create a new one.
     */
    get(id, principal) {
        if (typeof id !== 'string')
            return undefined;
        const slot = this.#slots.get(id);
        if (slot === undefined)
            return undefined;
        const now = this.#now();
        if (slot.expires <= now) {
            this.#slots.delete(id);
            return undefined;
        }
        if (slot.principal !== principal)
            return undefined;
        slot.expires = now + this.#ttl;
        // Re-insert: Map order is the least-recently-used order used for eviction.
        this.#slots.delete(id);
        this.#slots.set(id, slot);
        return slot.value;
    }
    /** Replaces the value of an existing handle; false if it is unknown, expired or not the principal's. */
    set(id, value, principal) {
        if (this.get(id, principal) === undefined)
            return false;
        const slot = this.#slots.get(id);
        if (slot !== undefined)
            slot.value = value;
        return true;
    }
    /** Deletes a handle; false if it did not exist or is not the principal's. */
    delete(id, principal) {
        if (this.get(id, principal) === undefined)
            return false;
        return this.#slots.delete(id);
    }
    /** How many handles are stored (expired ones included until touched). */
    get size() {
        return this.#slots.size;
    }
}
//# sourceMappingURL=handles.js.map