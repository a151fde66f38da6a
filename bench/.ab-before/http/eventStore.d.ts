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
    /** Records event `seq` of `stream` (sequence numbers increase within a stream). */
    append(stream: string, seq: number, data: string): void | Promise<void>;
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
/** The in-process event store: a FIFO over all streams with per-stream and total bounds. */
export declare class MemoryEventStore implements EventStore {
    #private;
    constructor(options?: MemoryEventStoreOptions);
    /** Events currently kept, across all streams. */
    get size(): number;
    /** Streams currently kept. */
    get streams(): number;
    append(stream: string, seq: number, data: string): void;
    after(stream: string, seq: number): readonly StoredEvent[];
    drop(stream: string): void;
}
//# sourceMappingURL=eventStore.d.ts.map