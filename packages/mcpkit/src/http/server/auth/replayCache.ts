/**
 * The replay cache of DPoP proofs: each proof's `jti`, per key thumbprint
 * (`jkt`), remembered until the proof is too old to be accepted anyway.
 *
 * @module
 */

/**
 * Remembers the `jti` of proofs until they are too old to be accepted
 * anyway. One process's memory by default; servers that share their load
 * give one that all of them read: a shared store keeps `${jkt} ${jti}` until
 * `expiresAt` and answers false when it was already there (a Redis `SET NX
 * PX`, say). It may also refuse a key that holds too many entries; it must
 * not refuse other keys for it, or one client's flood locks out everyone.
 */
export interface DpopReplayCache {
  /**
   * Records proof `jti` of the key whose thumbprint is `jkt` until `expiresAt`
   * (ms since the epoch); false if it was already there (a replay) or the key
   * may not record more now.
   */
  remember(jkt: string, jti: string, expiresAt: number): boolean | Promise<boolean>;
}

/** Options of {@link MemoryReplayCache}. */
export interface MemoryReplayCacheOptions {
  /** Entries alive at once before keys holding more than their share are refused (default 100 000). */
  readonly maxEntries?: number;
  /** Entries alive at once for one key (default 10 000: 140 proofs a second over a 70 s window). */
  readonly maxEntriesPerKey?: number;
}

interface Entry {
  readonly jkt: string;
  readonly until: number;
}

/**
 * A {@link DpopReplayCache} in this process's memory. A key over its own
 * limit is refused, never another; when the whole cache is full of live
 * entries, a key already holding its share (`maxEntries` over the keys alive)
 * is refused and lighter keys are still taken, so memory stays near
 * `maxEntries` plus one entry per key. Live entries are never forgotten (a
 * forgotten `jti` could be replayed). Entries sit in insertion order, which
 * is nearly expiry order (every proof's window has the same length), and
 * expired ones are dropped from the head: no scan of the whole cache.
 */
export class MemoryReplayCache implements DpopReplayCache {
  readonly #entries = new Map<string, Entry>();
  readonly #perKey = new Map<string, number>();
  readonly #max: number;
  readonly #maxPerKey: number;

  constructor(options: MemoryReplayCacheOptions = {}) {
    this.#max = options.maxEntries ?? 100_000;
    this.#maxPerKey = options.maxEntriesPerKey ?? 10_000;
  }

  /** Entries held (some may have expired behind a live one at the head). */
  get size(): number {
    return this.#entries.size;
  }

  remember(jkt: string, jti: string, expiresAt: number): boolean {
    const now = Date.now();
    this.#dropExpired(now);
    const id = `${jkt} ${jti}`;
    const known = this.#entries.get(id);
    if (known !== undefined) {
      if (known.until > now) return false;
      this.#drop(id, known);
    }
    const held = this.#perKey.get(jkt) ?? 0;
    if (held >= this.#maxPerKey) return false;
    if (this.#entries.size >= this.#max && held > 0 && held >= this.#max / this.#perKey.size) return false;
    this.#entries.set(id, { jkt, until: expiresAt });
    this.#perKey.set(jkt, held + 1);
    return true;
  }

  /** Drops expired entries from the head, stopping at the first live one: each entry is visited once after it expires. */
  #dropExpired(now: number): void {
    for (const [id, entry] of this.#entries) {
      if (entry.until > now) return;
      this.#drop(id, entry);
    }
  }

  #drop(id: string, entry: Entry): void {
    this.#entries.delete(id);
    const held = (this.#perKey.get(entry.jkt) ?? 1) - 1;
    if (held === 0) this.#perKey.delete(entry.jkt);
    else this.#perKey.set(entry.jkt, held);
  }
}
