class HeaderedExchange {
    #inner;
    #extra;
    constructor(inner, extra) {
        this.#inner = inner;
        this.#extra = extra;
    }
    get method() {
        return this.#inner.method;
    }
    get path() {
        return this.#inner.path;
    }
    get auth() {
        return this.#inner.auth;
    }
    get answered() {
        return this.#inner.answered;
    }
    get signal() {
        return this.#inner.signal;
    }
    query(name) {
        return this.#inner.query(name);
    }
    header(name) {
        return this.#inner.header(name);
    }
    readBody(limit) {
        return this.#inner.readBody(limit);
    }
    respond(status, headers, body) {
        this.#inner.respond(status, { ...headers, ...this.#extra }, body);
    }
    stream(status, headers) {
        return this.#inner.stream(status, { ...headers, ...this.#extra });
    }
}
/** `exchange`, with `extra` added to every response's headers. */
export function withHeaders(exchange, extra) {
    return new HeaderedExchange(exchange, extra);
}
//# sourceMappingURL=withHeaders.js.map