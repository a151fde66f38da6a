/** How dropped SSE streams are reconnected. */
export interface ReconnectOptions {
    /** Consecutive failed reconnection attempts tolerated before giving up (default 5). */
    readonly maxRetries?: number;
    /** The first delay when the server gave no `retry`, ms (default 1000); doubles on each failure. */
    readonly initialDelayMs?: number;
    /** The longest backoff delay, ms (default 30 000). */
    readonly maxDelayMs?: number;
}
/** {@link ReconnectOptions} with defaults applied. */
export interface ReconnectPolicy {
    /** Consecutive failed attempts tolerated. */
    readonly maxRetries: number;
    /** The first backoff delay, ms. */
    readonly initialDelayMs: number;
    /** The longest backoff delay, ms. */
    readonly maxDelayMs: number;
}
/** Applies the defaults. */
export declare function reconnectPolicy(options: ReconnectOptions | undefined): ReconnectPolicy;
/**
 * The delay before the next attempt, given how many attempts in a row failed.
 * The server's `retry` is a floor: the first attempt waits exactly that long,
 * and backoff after failures never goes below it.
 */
export declare function reconnectDelay(policy: ReconnectPolicy, failures: number, retryMs: number | undefined): number;
/** Resolves after `ms`, or rejects with `CANCELLED` as soon as `signal` aborts. */
export declare function sleep(ms: number, signal: AbortSignal): Promise<void>;
//# sourceMappingURL=reconnect.d.ts.map