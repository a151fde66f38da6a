/** Wraps a transport; see the module note. */
export class RequestIdTap {
    #inner;
    #capture;
    constructor(inner) {
        this.#inner = inner;
    }
    /**
     * Runs `send`, which sends exactly one request synchronously, and returns
     * what it returned together with that request's id (undefined if nothing
     * was sent, e.g. the connection was already closed).
     */
    capture(send) {
        let id;
        this.#capture = (sent) => {
            id = sent;
        };
        try {
            return { value: send(), id };
        }
        finally {
            this.#capture = undefined;
        }
    }
    start(sink) {
        return this.#inner.start(sink);
    }
    send(payload, options) {
        const capture = this.#capture;
        if (capture !== undefined && !Array.isArray(payload)) {
            const message = payload;
            if (message.method !== undefined && message.id !== undefined) {
                this.#capture = undefined;
                capture(message.id);
            }
        }
        return this.#inner.send(payload, options);
    }
    close() {
        return this.#inner.close();
    }
}
//# sourceMappingURL=requestIdTap.js.map