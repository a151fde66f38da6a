/** An inbound request in flight; also its handler's context. */
export class IncomingRequest {
    id;
    method;
    info;
    #host;
    #controller;
    #cancelReason;
    #cancelled = false;
    #finished = false;
    constructor(host, id, method, info) {
        this.#host = host;
        this.id = id;
        this.method = method;
        this.info = info;
    }
    get signal() {
        if (this.#controller === undefined) {
            this.#controller = new AbortController();
            if (this.#cancelled)
                this.#controller.abort(this.#cancelReason);
        }
        return this.#controller.signal;
    }
    /** True once the peer cancelled (or the connection closed): the response is not sent. */
    get cancelled() {
        return this.#cancelled;
    }
    /** Marks the request cancelled and fires the handler's signal. */
    cancel(reason) {
        if (this.#cancelled || this.#finished)
            return;
        this.#cancelled = true;
        this.#cancelReason = reason;
        this.#controller?.abort(reason);
    }
    /** The handler finished; later notifications are dropped. */
    finish() {
        this.#finished = true;
    }
    notify(method, params) {
        if (this.#finished || this.#cancelled)
            return Promise.resolve();
        return this.#host.notify(method, params, this.id);
    }
    request(method, params, options) {
        const signal = options?.signal === undefined ? this.signal : AbortSignal.any([options.signal, this.signal]);
        return this.#host.request(method, params, { ...options, signal, relatedRequestId: this.id });
    }
}
//# sourceMappingURL=incoming.js.map