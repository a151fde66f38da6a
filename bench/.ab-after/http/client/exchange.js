/** The state of one POST and its response stream. */
export class Exchange {
    /** Aborts the fetch and the response stream. */
    controller = new AbortController();
    /** The ids of the requests in the body. */
    ids;
    /** True when the body names a revision in `_meta` (2026-07-28): no session, no resumption, closing the stream cancels. */
    stateless;
    #waiting;
    #parent;
    #onParentAbort = () => {
        this.controller.abort();
    };
    #cancelled = false;
    constructor(ids, stateless, parent) {
        this.ids = ids;
        this.stateless = stateless;
        this.#waiting = new Set(ids);
        this.#parent = parent;
        if (parent.aborted)
            this.controller.abort();
        else
            parent.addEventListener('abort', this.#onParentAbort, { once: true });
    }
    /** True once every request has its response (at once for a body without requests). */
    get done() {
        return this.#waiting.size === 0;
    }
    /** True after {@link cancel}. */
    get cancelled() {
        return this.#cancelled;
    }
    /** Records a response; once all have arrived, the stream is released. */
    answer(id) {
        if (this.#waiting.delete(id) && this.#waiting.size === 0)
            this.controller.abort();
    }
    /** The caller gave up on the request(s): abort the fetch. On a 2026-07-28 stream that is the cancellation itself. */
    cancel() {
        this.#cancelled = true;
        this.controller.abort();
    }
    /** Detaches from the transport's close signal. */
    dispose() {
        this.#parent.removeEventListener('abort', this.#onParentAbort);
    }
}
/**
 * Where a `notifications/cancelled` goes. For a 2026-07-28 request, closing
 * its stream is the cancellation: it is aborted here and nothing is POSTed
 * (`'stateless'`, also when nothing is in flight on a connection that never
 * had a handshake: there is nobody to tell). For a handshake-era request, the
 * exchange to abort once the notification went out. Undefined otherwise.
 */
export function routeCancellation(message, exchanges, statelessConnection) {
    if (!('method' in message) || message.method !== 'notifications/cancelled' || 'id' in message)
        return undefined;
    const params = message.params;
    const target = params?.['requestId'];
    const exchange = typeof target === 'string' || typeof target === 'number' ? exchanges.get(target) : undefined;
    if (exchange?.stateless === true) {
        exchange.cancel();
        return 'stateless';
    }
    if (exchange === undefined && statelessConnection)
        return 'stateless';
    return exchange;
}
//# sourceMappingURL=exchange.js.map