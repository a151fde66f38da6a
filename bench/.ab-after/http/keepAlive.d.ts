/**
 * Keep-alive for open SSE streams: one timer for all of them (not one per
 * stream), running only while some stream is open, writing a comment line to
 * each so proxies and client idle timeouts do not cut quiet streams.
 *
 * @module
 */
import type { StreamWriter } from './exchange.js';
/** Calls `unref()` where the runtime has it (Node, Deno, Bun): a timer must not keep a process alive. */
export declare function unref(timer: unknown): void;
/** The shared keep-alive ticker. */
export declare class KeepAlive {
    #private;
    /** @param periodMs how often to write; 0 turns keep-alive off. */
    constructor(periodMs: number);
    /** Streams currently kept alive. */
    get size(): number;
    /** Keeps `writer` alive until it closes. */
    add(writer: StreamWriter): void;
    /** Stops the timer (it restarts when a stream is added). */
    stop(): void;
}
//# sourceMappingURL=keepAlive.d.ts.map