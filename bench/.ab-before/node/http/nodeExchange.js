import { queryParam } from '../../http/query.js';
/** An exchange over a Node request and response. */
export class NodeExchange {
    method;
    path;
    auth;
    #req;
    #res;
    #search;
    #answered = false;
    #aborter;
    constructor(req, res) {
        this.#req = req;
        this.#res = res;
        this.method = req.method ?? 'GET';
        const url = req.url ?? '/';
        const q = url.indexOf('?');
        this.path = q < 0 ? url : url.slice(0, q);
        this.#search = q < 0 ? '' : url.slice(q + 1);
        // Set by authentication middleware (Express convention).
        this.auth = req.auth;
    }
    get answered() {
        return this.#answered;
    }
    get signal() {
        if (this.#aborter === undefined) {
            const aborter = new AbortController();
            this.#aborter = aborter;
            const res = this.#res;
            if (res.destroyed && !res.writableFinished)
                aborter.abort();
            else
                res.once('close', () => {
                    if (!res.writableFinished)
                        aborter.abort();
                });
        }
        return this.#aborter.signal;
    }
    query(name) {
        return queryParam(this.#search, name);
    }
    header(name) {
        const value = this.#req.headers[name];
        return Array.isArray(value) ? value.join(', ') : value;
    }
    readBody(limit) {
        const req = this.#req;
        const parsed = req.body;
        if (parsed !== undefined)
            return Promise.resolve(preParsed(parsed));
        if (Number(req.headers['content-length'] ?? '0') > limit)
            return Promise.resolve(this.#refuseBody());
        return new Promise((resolve) => {
            const chunks = [];
            let total = 0;
            const done = (result) => {
                req.off('data', onData);
                req.off('end', onEnd);
                req.off('error', onEnd);
                resolve(result);
            };
            const onData = (chunk) => {
                total += chunk.length;
                if (total > limit)
                    done(this.#refuseBody());
                else
                    chunks.push(chunk);
            };
            const onEnd = () => {
                done({
                    text: chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks, total).toString('utf8'),
                });
            };
            req.on('data', onData);
            req.on('end', onEnd);
            req.on('error', onEnd);
        });
    }
    respond(status, headers, body) {
        if (this.#answered)
            return;
        this.#answered = true;
        const res = this.#res;
        if (body !== undefined)
            res.setHeader('content-length', Buffer.byteLength(body));
        res.writeHead(status, headers);
        res.end(body);
    }
    stream(status, headers) {
        this.#answered = true;
        const res = this.#res;
        res.writeHead(status, headers);
        res.flushHeaders();
        this.#req.socket.setNoDelay(true);
        return new NodeStreamWriter(res);
    }
    /** Stops reading an oversized body: the connection closes after the 413 instead of draining it. */
    #refuseBody() {
        this.#req.pause();
        this.#res.shouldKeepAlive = false;
        return { tooLarge: true };
    }
}
/** A body a framework parsed before us (Express's `express.json()`), or raw text/bytes it kept. */
function preParsed(body) {
    if (typeof body === 'string')
        return { text: body };
    if (Buffer.isBuffer(body))
        return { text: body.toString('utf8') };
    return { value: body };
}
/** SSE frames written directly to the response. */
class NodeStreamWriter {
    #res;
    #listeners = [];
    #open = true;
    constructor(res) {
        this.#res = res;
        res.once('close', () => {
            this.#closed();
        });
    }
    get open() {
        return this.#open;
    }
    write(chunk) {
        if (this.#open)
            this.#res.write(chunk);
    }
    end() {
        if (!this.#open)
            return;
        this.#res.end();
        this.#closed();
    }
    onClose(listener) {
        if (this.#open)
            this.#listeners.push(listener);
        else
            listener();
    }
    #closed() {
        if (!this.#open)
            return;
        this.#open = false;
        const listeners = this.#listeners;
        this.#listeners = [];
        for (const l of listeners)
            l();
    }
}
//# sourceMappingURL=nodeExchange.js.map