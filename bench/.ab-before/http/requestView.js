/** A read-only view of a session request. */
export class RequestView {
    sessionId;
    closeSseStream;
    #request;
    constructor(request, sessionId, closeSseStream) {
        this.#request = request;
        this.sessionId = sessionId;
        this.closeSseStream = closeSseStream;
    }
    get method() {
        return this.#request.method;
    }
    get path() {
        return this.#request.path;
    }
    query(name) {
        return this.#request.query(name);
    }
    header(name) {
        return this.#request.header(name);
    }
}
//# sourceMappingURL=requestView.js.map