/**
 * One connection's wire log: entries numbered in order, kept up to a limit
 * (the oldest dropped first), and handed to listeners in batches so a burst
 * of messages costs the browser one update, not one per message.
 *
 * @module
 */
import type { WireEntry } from '../shared/wire.js';

/** An entry before it is numbered. */
export type NewEntry = WireEntry extends infer E ? (E extends WireEntry ? Omit<E, 'seq' | 't'> : never) : never;

/** Options of {@link WireLog}. */
export interface WireLogOptions {
  /** Entries kept; older ones are dropped. Default 50,000. */
  readonly limit?: number;
  /** How long entries gather before listeners hear of them, ms. Default 25. */
  readonly batchMs?: number;
}

/** A growing, bounded log. */
export class WireLog {
  readonly #entries: WireEntry[] = [];
  readonly #listeners = new Set<(entries: readonly WireEntry[]) => void>();
  readonly #limit: number;
  readonly #batchMs: number;
  #pending: WireEntry[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #seq = 0;

  constructor(options: WireLogOptions = {}) {
    this.#limit = options.limit ?? 50_000;
    this.#batchMs = options.batchMs ?? 25;
  }

  /** Every entry kept, oldest first. */
  get entries(): readonly WireEntry[] {
    return this.#entries;
  }

  /** Adds an entry, stamped with the next number and the time. */
  add(entry: NewEntry): WireEntry {
    const full = { ...entry, seq: ++this.#seq, t: performance.timeOrigin + performance.now() } as WireEntry;
    this.#entries.push(full);
    if (this.#entries.length > this.#limit) this.#entries.splice(0, this.#entries.length - this.#limit);
    this.#pending.push(full);
    this.#timer ??= setTimeout(() => {
      this.flush();
    }, this.#batchMs);
    return full;
  }

  /** Hands the gathered entries to the listeners now. */
  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#pending.length === 0) return;
    const batch = this.#pending;
    this.#pending = [];
    for (const listener of this.#listeners) listener(batch);
  }

  /** Hears each batch of new entries; returns a remover. */
  listen(listener: (entries: readonly WireEntry[]) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
