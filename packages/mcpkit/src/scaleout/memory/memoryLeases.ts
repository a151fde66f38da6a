/**
 * Leases in memory: keys with a holder and an expiry, checked as they are read.
 *
 * @module
 */
import type { SharedLeases } from '../leases.js';

/** {@link SharedLeases} shared by the handlers of one process. */
export class MemoryLeases implements SharedLeases {
  readonly #leases = new Map<string, { holder: string; expires: number }>();

  acquire(key: string, holder: string, ttlMs: number): Promise<string> {
    const current = this.#current(key);
    if (current !== undefined) return Promise.resolve(current);
    this.#set(key, holder, ttlMs);
    return Promise.resolve(holder);
  }

  replace(key: string, holder: string, ttlMs: number, previous?: string): Promise<boolean> {
    if (previous !== undefined && this.#current(key) !== previous) return Promise.resolve(false);
    this.#set(key, holder, ttlMs);
    return Promise.resolve(true);
  }

  renew(key: string, holder: string, ttlMs: number): Promise<boolean> {
    if (this.#current(key) !== holder) return Promise.resolve(false);
    this.#set(key, holder, ttlMs);
    return Promise.resolve(true);
  }

  release(key: string, holder: string): Promise<void> {
    if (this.#current(key) === holder) this.#leases.delete(key);
    return Promise.resolve();
  }

  holder(key: string): Promise<string | undefined> {
    return Promise.resolve(this.#current(key));
  }

  #set(key: string, holder: string, ttlMs: number): void {
    this.#leases.set(key, { holder, expires: Date.now() + ttlMs });
  }

  /** The live holder of `key`; an expired lease is dropped as it is read. */
  #current(key: string): string | undefined {
    const lease = this.#leases.get(key);
    if (lease !== undefined && lease.expires <= Date.now()) {
      this.#leases.delete(key);
      return undefined;
    }
    return lease?.holder;
  }
}
