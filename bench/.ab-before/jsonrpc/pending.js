/**
 * One outgoing request waiting for its response: its promise, its timeout
 * (reset on progress when asked, never past the hard maximum) and its abort
 * wiring. Timers and listeners exist only when the call needs them.
 *
 * @module
 */
import { LocalError } from './localError.js';
import { RpcError } from './rpcError.js';
/** An outgoing request in flight. */
export class PendingRequest {
    id;
    method;
    promise;
    /** The token progress notifications for this call carry, if any. */
    progressToken;
    #host;
    #options;
    #resolve;
    #reject;
    #timer;
    #timeoutMs = Infinity;
    #maxTotalMs = Infinity;
    #deadline = Infinity;
    #fireAt = 0;
    #onAbort;
    #done = false;
    constructor(host, id, method, progressToken, options, defaults) {
        this.#host = host;
        this.id = id;
        this.method = method;
        this.progressToken = progressToken;
        this.#options = options;
        this.promise = new Promise((resolve, reject) => {
            this.#resolve = resolve;
            this.#reject = reject;
        });
        const timeoutMs = options?.timeoutMs ?? defaults.timeoutMs;
        const maxTotal = options?.maxTotalTimeoutMs ?? defaults.maxTotalTimeoutMs;
        this.#maxTotalMs = maxTotal;
        if (Number.isFinite(maxTotal))
            this.#deadline = Date.now() + maxTotal;
        if (Number.isFinite(timeoutMs) || Number.isFinite(maxTotal)) {
            this.#timeoutMs = timeoutMs;
            this.#arm();
        }
        const signal = options?.signal;
        if (signal !== undefined) {
            this.#onAbort = () => {
                this.#abandon(new LocalError('CANCELLED', `Request ${method} was cancelled`, { cause: signal.reason }), reasonText(signal.reason));
            };
            signal.addEventListener('abort', this.#onAbort, { once: true });
        }
    }
    /** The peer answered with a result. */
    resolve(result) {
        if (this.#finish())
            this.#resolve(result);
    }
    /** The peer answered with an error. */
    rejectWith(error) {
        if (this.#finish())
            this.#reject(RpcError.fromObject(error));
    }
    /** The request failed locally (closed channel, send failure). */
    fail(error) {
        if (this.#finish())
            this.#reject(error);
    }
    /** The peer reported progress for this request. */
    progress(params) {
        if (this.#done)
            return;
        if (this.#options?.resetTimeoutOnProgress === true && this.#timer !== undefined)
            this.#arm();
        this.#options?.onProgress?.(params);
    }
    /** (Re)starts the timer for the sooner of the timeout and the hard deadline. */
    #arm() {
        const now = Date.now();
        this.#fireAt = Math.min(now + this.#timeoutMs, this.#deadline);
        this.#schedule(now);
    }
    #schedule(now) {
        if (this.#timer !== undefined)
            clearTimeout(this.#timer);
        // Timers cannot wait longer than 2^31-1 ms; a longer wait is taken in steps.
        const wait = Math.min(Math.max(0, this.#fireAt - now), MAX_TIMER_MS);
        this.#timer = setTimeout(() => {
            this.#timer = undefined;
            const at = Date.now();
            if (at < this.#fireAt) {
                this.#schedule(at);
                return;
            }
            const hard = this.#fireAt >= this.#deadline;
            const detail = hard
                ? `its maximum total timeout (${String(this.#maxTotalMs)} ms)`
                : `its timeout (${String(this.#timeoutMs)} ms)`;
            this.#abandon(new LocalError('REQUEST_TIMEOUT', `Request ${this.method} exceeded ${detail}`), 'Request timed out');
        }, wait);
    }
    #abandon(error, reason) {
        if (!this.#finish())
            return;
        this.#reject(error);
        this.#host.cancelRemote(this.id, reason);
    }
    /** Marks the request done and releases its timer and listener; false if it already was. */
    #finish() {
        if (this.#done)
            return false;
        this.#done = true;
        if (this.#timer !== undefined)
            clearTimeout(this.#timer);
        if (this.#onAbort !== undefined)
            this.#options?.signal?.removeEventListener('abort', this.#onAbort);
        this.#host.settle(this.id, this.progressToken);
        return true;
    }
}
const MAX_TIMER_MS = 2_147_483_647;
function reasonText(reason) {
    if (reason instanceof Error)
        return reason.message;
    if (typeof reason === 'string')
        return reason;
    return 'Cancelled by the caller';
}
//# sourceMappingURL=pending.js.map