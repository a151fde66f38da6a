/**
 * Explicit state handles, the 2026-07-28 replacement for per-session state
 * (`server/tools.mdx#stateful-tools`): a creation tool returns an opaque,
 * unguessable id; later calls pass it back as an ordinary argument. The store
 * binds each handle to the principal that created it, expires it after a
 * period of inactivity, and bounds how many it keeps.
 *
 * @module
 */
import { toBase64Url } from '../protocol/base64.js';

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

interface Slot<T> {
  value: T;
  readonly principal: string | undefined;
  expires: number;
}

/** An in-memory store of state reached through explicit handles. */
export class HandleStore<T> {
  readonly #slots = new Map<string, Slot<T>>();
  readonly #prefix: string;
  readonly #ttl: number;
  readonly #max: number;
  readonly #now: () => number;

  constructor(options: HandleStoreOptions = {}) {
    this.#prefix = options.prefix ?? 'h_';
    this.#ttl = options.ttlMs ?? 24 * 60 * 60_000;
    this.#max = options.maxEntries ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  /** Stores `value` and returns its new handle (128 random bits), bound to `principal` when given. */
  create(value: T, principal?: string): string {
    const id = `${this.#prefix}${toBase64Url(crypto.getRandomValues(new Uint8Array(16)))}`;
    this.#slots.set(id, { value, principal, expires: this.#now() + this.#ttl });
    while (this.#slots.size > this.#max) {
      const oldest = this.#slots.keys().next().value;
      if (oldest === undefined) break;
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
  get(id: unknown, principal?: string): T | undefined {
    if (typeof id !== 'string') return undefined;
    const slot = this.#slots.get(id);
    if (slot === undefined) return undefined;
    const now = this.#now();
    if (slot.expires <= now) {
      this.#slots.delete(id);
      return undefined;
    }
    if (slot.principal !== principal) return undefined;
    slot.expires = now + this.#ttl;
    // Re-insert: Map order is the least-recently-used order used for eviction.
    this.#slots.delete(id);
    this.#slots.set(id, slot);
    return slot.value;
  }

  /** Replaces the value of an existing handle; false if it is unknown, expired or not the principal's. */
  set(id: string, value: T, principal?: string): boolean {
    if (this.get(id, principal) === undefined) return false;
    const slot = this.#slots.get(id);
    if (slot !== undefined) slot.value = value;
    return true;
  }

  /** Deletes a handle; false if it did not exist or is not the principal's. */
  delete(id: string, principal?: string): boolean {
    if (this.get(id, principal) === undefined) return false;
    return this.#slots.delete(id);
  }

  /** How many handles are stored (expired ones included until touched). */
  get size(): number {
    return this.#slots.size;
  }
}
