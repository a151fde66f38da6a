/**
 * When to reconnect a dropped SSE stream: the server's `retry` field first
 * (SEP-1699 polling: the client MUST wait that long), exponential backoff on
 * consecutive failures, and a cap on how many failures in a row are tolerated.
 *
 * @module
 */
import { LocalError } from '../../jsonrpc/localError.js';
/** Applies the defaults. */
export function reconnectPolicy(options) {
    return {
        maxRetries: options?.maxRetries ?? 5,
        initialDelayMs: options?.initialDelayMs ?? 1000,
        maxDelayMs: options?.maxDelayMs ?? 30_000,
    };
}
/**
 * The delay before the next attempt, given how many attempts in a row failed.
 * The server's `retry` is a floor: the first attempt waits exactly that long,
 * and backoff after failures never goes below it.
 */
export function reconnectDelay(policy, failures, retryMs) {
    const backoff = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** failures);
    if (retryMs === undefined)
        return backoff;
    return failures === 0 ? retryMs : Math.max(retryMs, backoff);
}
/** Resolves after `ms`, or rejects with `CANCELLED` as soon as `signal` aborts. */
export function sleep(ms, signal) {
    return new Promise((resolve, reject) => {
        if (signal.aborted) {
            reject(new LocalError('CANCELLED', 'Aborted'));
            return;
        }
        const onAbort = () => {
            clearTimeout(timer);
            reject(new LocalError('CANCELLED', 'Aborted'));
        };
        const timer = setTimeout(() => {
            signal.removeEventListener('abort', onAbort);
            resolve();
        }, ms);
        signal.addEventListener('abort', onAbort, { once: true });
    });
}
//# sourceMappingURL=reconnect.js.map