/**
 * Where SSE events are kept so a client that lost its connection can resume
 * with `Last-Event-ID` (2025-03-26 … 2025-11-25). The transport numbers the
 * events of each stream; a store only keeps them, keyed by stream, so a replay
 * can never cross streams. The in-memory default is bounded per stream and in
 * total, oldest events first out.
 *
 * @see 2025-11-25 `basic/transports.mdx#resumability-and-redelivery`
 * @module
 */
import type { RequestId } from '../../jsonrpc/message.js';

/** One stored event: its number within its stream and its data (one serialized JSON-RPC payload). */
export interface StoredEvent {
  readonly seq: number;
  readonly data: string;
}

/**
 * Keeps events for replay. Methods may be synchronous (in memory) or return
 * promises (a shared store serving several processes).
 */
export interface EventStore {
  /**
   * Records event `seq` of `stream` (sequence numbers increase within a stream);
   * `pending` are the requests the stream still has to answer after it (none: its last event).
   */
  append(stream: string, seq: number, data: string, pending?: ReadonlySet<RequestId>): void | Promise<void>;
  /** The events of `stream` numbered after `seq`, oldest first (those still kept). */
  after(stream: string, seq: number): readonly StoredEvent[] | Promise<readonly StoredEvent[]>;
  /** Forgets a stream (its session ended). */
  drop(stream: string): void | Promise<void>;
}

/** Bounds of {@link MemoryEventStore}. */
export interface MemoryEventStoreOptions {
  /** Events kept per stream (default 1000). */
  readonly maxEventsPerStream?: number;
  /** Events kept in total (default 20 000). */
  readonly maxEvents?: number;
  /** Characters of event data kept in total (default 32 Mi). */
  readonly maxChars?: number;
}

interface Entry extends StoredEvent {
  evicted: boolean;
}

interface StreamLog {
  readonly key: string;
  readonly events: Entry[];
  head: number;
}

/** The in-process event store: a FIFO over all streams with per-stream and total bounds. */
export class MemoryEventStore implements EventStore {
  readonly #streams = new Map<string, StreamLog>();
  #order: { log: StreamLog; entry: Entry }[] = [];
  #orderHead = 0;
  #count = 0;
  #chars = 0;
  readonly #perStream: number;
  readonly #maxEvents: number;
  readonly #maxChars: number;

  constructor(options: MemoryEventStoreOptions = {}) {
    this.#perStream = options.maxEventsPerStream ?? 1000;
    this.#maxEvents = options.maxEvents ?? 20_000;
    this.#maxChars = options.maxChars ?? 32 * 1024 * 1024;
  }

  /** Events currently kept, across all streams. */
  get size(): number {
    return this.#count;
  }

  /** Streams currently kept. */
  get streams(): number {
    return this.#streams.size;
  }

  append(stream: string, seq: number, data: string): void {
    let log = this.#streams.get(stream);
    if (log === undefined) {
      log = { key: stream, events: [], head: 0 };
      this.#streams.set(stream, log);
    }
    const entry: Entry = { seq, data, evicted: false };
    log.events.push(entry);
    this.#order.push({ log, entry });
    this.#count++;
    this.#chars += data.length;
    if (log.events.length - log.head > this.#perStream) this.#evictFirst(log);
    while (this.#count > this.#maxEvents || this.#chars > this.#maxChars) {
      if (!this.#evictOldest()) break;
    }
    // Per-stream evictions and drops leave stale entries in the FIFO: sweep them out now and then.
    if (this.#order.length - this.#orderHead > 2 * this.#count + 1024) {
      this.#order = this.#order.slice(this.#orderHead).filter((o) => !o.entry.evicted);
      this.#orderHead = 0;
    }
  }

  after(stream: string, seq: number): readonly StoredEvent[] {
    const log = this.#streams.get(stream);
    if (log === undefined) return [];
    const out: StoredEvent[] = [];
    for (let i = log.head; i < log.events.length; i++) {
      const e = log.events[i] as Entry;
      if (e.seq > seq) out.push({ seq: e.seq, data: e.data });
    }
    return out;
  }

  drop(stream: string): void {
    const log = this.#streams.get(stream);
    if (log === undefined) return;
    this.#streams.delete(stream);
    while (log.head < log.events.length) this.#evictFirst(log);
  }

  /** Evicts the oldest remaining event of one stream. */
  #evictFirst(log: StreamLog): void {
    const entry = log.events[log.head];
    if (entry === undefined) return;
    entry.evicted = true;
    log.head++;
    this.#count--;
    this.#chars -= entry.data.length;
    if (log.head > 64 && log.head * 2 > log.events.length) {
      log.events.splice(0, log.head);
      log.head = 0;
    }
  }

  /** Evicts the oldest event of all; false if there is none. */
  #evictOldest(): boolean {
    while (this.#orderHead < this.#order.length) {
      const next = this.#order[this.#orderHead++];
      if (next === undefined || next.entry.evicted) continue;
      // Per-stream order is append order, so the globally oldest live event is its stream's first.
      this.#evictFirst(next.log);
      if (next.log.head === next.log.events.length && this.#streams.get(next.log.key) === next.log)
        this.#streams.delete(next.log.key);
      if (this.#orderHead > 1024 && this.#orderHead * 2 > this.#order.length) {
        this.#order = this.#order.slice(this.#orderHead);
        this.#orderHead = 0;
      }
      return true;
    }
    return false;
  }
}
