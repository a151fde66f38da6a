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
/** The in-process event store: a FIFO over all streams with per-stream and total bounds. */
export class MemoryEventStore {
    #streams = new Map();
    #order = [];
    #orderHead = 0;
    #count = 0;
    #chars = 0;
    #perStream;
    #maxEvents;
    #maxChars;
    constructor(options = {}) {
        this.#perStream = options.maxEventsPerStream ?? 1000;
        this.#maxEvents = options.maxEvents ?? 20_000;
        this.#maxChars = options.maxChars ?? 32 * 1024 * 1024;
    }
    /** Events currently kept, across all streams. */
    get size() {
        return this.#count;
    }
    /** Streams currently kept. */
    get streams() {
        return this.#streams.size;
    }
    append(stream, seq, data) {
        let log = this.#streams.get(stream);
        if (log === undefined) {
            log = { key: stream, events: [], head: 0 };
            this.#streams.set(stream, log);
        }
        const entry = { seq, data, evicted: false };
        log.events.push(entry);
        this.#order.push({ log, entry });
        this.#count++;
        this.#chars += data.length;
        if (log.events.length - log.head > this.#perStream)
            this.#evictFirst(log);
        while (this.#count > this.#maxEvents || this.#chars > this.#maxChars) {
            if (!this.#evictOldest())
                break;
        }
        // Per-stream evictions and drops leave stale entries in the FIFO: sweep them out now and then.
        if (this.#order.length - this.#orderHead > 2 * this.#count + 1024) {
            this.#order = this.#order.slice(this.#orderHead).filter((o) => !o.entry.evicted);
            this.#orderHead = 0;
        }
    }
    after(stream, seq) {
        const log = this.#streams.get(stream);
        if (log === undefined)
            return [];
        const out = [];
        for (let i = log.head; i < log.events.length; i++) {
            const e = log.events[i];
            if (e.seq > seq)
                out.push({ seq: e.seq, data: e.data });
        }
        return out;
    }
    drop(stream) {
        const log = this.#streams.get(stream);
        if (log === undefined)
            return;
        this.#streams.delete(stream);
        while (log.head < log.events.length)
            this.#evictFirst(log);
    }
    /** Evicts the oldest remaining event of one stream. */
    #evictFirst(log) {
        const entry = log.events[log.head];
        if (entry === undefined)
            return;
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
    #evictOldest() {
        while (this.#orderHead < this.#order.length) {
            const next = this.#order[this.#orderHead++];
            if (next === undefined || next.entry.evicted)
                continue;
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
//# sourceMappingURL=eventStore.js.map