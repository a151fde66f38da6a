import { HttpError } from './httpError.js';
import { JSON_HEADERS, messageEvent, primingEvent, SSE_HEADERS } from './sse.js';
/** The wire id of event `seq` of stream `no`: it names the stream, so a replay never crosses streams. */
export function eventId(no, seq) {
    return `${no}_${seq}`;
}
/** Parses an event id made by {@link eventId}. */
export function parseEventId(id) {
    const match = /^(\d{1,9})_(\d{1,15})$/.exec(id.trim());
    if (match === null)
        return undefined;
    return { no: Number(match[1]), seq: Number(match[2]) };
}
function logged(result) {
    if (result instanceof Promise)
        result.catch(() => undefined);
}
/** A resumable stream of one session. */
export class SessionStream {
    /** The stream's number within its session (0: the standalone GET stream). */
    no;
    #host;
    #pending;
    #exchange;
    #headers;
    #writer;
    #replay;
    #seq = 0;
    #done = false;
    /** @param exchange the POST whose answer this is (undefined for the GET stream). */
    constructor(host, no, pending, exchange, headers = {}) {
        this.#host = host;
        this.no = no;
        this.#pending = new Set(pending);
        this.#exchange = exchange;
        this.#headers = headers;
        // A client that hangs up before the answer is decided leaves the stream detached (not busy).
        exchange?.signal.addEventListener('abort', () => {
            if (this.#exchange === exchange)
                this.#exchange = undefined;
        }, { once: true });
    }
    /** True while a client connection is attached (or the POST is still waiting for its answer). */
    get connected() {
        return this.#exchange !== undefined || this.#writer?.open === true;
    }
    /** True while a resumed connection is being replayed to. */
    get replaying() {
        return this.#replay !== undefined;
    }
    /** Sends a serialized message; `completes` are the requests it answers. */
    push(data, completes) {
        if (this.#done)
            return;
        for (const id of completes)
            this.#pending.delete(id);
        const last = this.no !== 0 && this.#pending.size === 0;
        this.#host.touch();
        if (this.#exchange !== undefined) {
            if (last) {
                this.#exchange.respond(200, { ...JSON_HEADERS, ...this.#headers }, data);
                this.#exchange = undefined;
                this.#finish();
                return;
            }
            this.#openSse();
        }
        const seq = ++this.#seq;
        logged(this.#host.store.append(this.#host.key(this.no), seq, data));
        if (this.#replay !== undefined)
            this.#replay.push({ seq, data });
        else
            this.#writer?.write(messageEvent(data, eventId(this.no, seq)));
        if (last)
            this.#finish();
    }
    /**
     * The client cancelled request `id` (`notifications/cancelled`): no response
     * will come, so the stream ends once nothing else is pending on it.
     */
    abandon(id) {
        if (this.#done || !this.#pending.delete(id) || this.#pending.size > 0)
            return;
        if (this.#exchange !== undefined)
            this.#openSse();
        this.#finish();
    }
    /** Attaches a GET connection to the standalone stream (no replay). */
    attach(exchange) {
        this.#exchange = exchange;
        this.#openSse();
    }
    /**
     * Closes the client's connection without ending the stream (the server polls
     * the client: it reconnects after `retry` with `Last-Event-ID`).
     */
    disconnect() {
        if (this.#done)
            return;
        if (this.#exchange !== undefined)
            this.#openSse();
        this.#writer?.end();
    }
    /** Resumes on a new connection: replays the events after `afterSeq`, then goes on live. */
    async resume(exchange, afterSeq) {
        if (this.#exchange !== undefined)
            this.disconnect();
        this.#writer?.end();
        const writer = exchange.stream(200, SSE_HEADERS);
        this.#replay = [];
        let events;
        try {
            events = await this.#host.store.after(this.#host.key(this.no), afterSeq);
        }
        catch {
            events = [];
        }
        let last = afterSeq;
        for (const e of [...events, ...this.#replay]) {
            if (e.seq <= last)
                continue;
            writer.write(messageEvent(e.data, eventId(this.no, e.seq)));
            last = e.seq;
        }
        this.#replay = undefined;
        if (this.#done)
            writer.end();
        else
            this.#adopt(writer);
    }
    /** The session closed: answer a waiting POST, end the connection. */
    close() {
        this.#done = true;
        if (this.#exchange !== undefined) {
            const error = HttpError.sessionNotFound();
            this.#exchange.respond(error.status, JSON_HEADERS, error.body());
            this.#exchange = undefined;
        }
        this.#writer?.end();
    }
    #openSse() {
        const exchange = this.#exchange;
        if (exchange === undefined)
            return;
        this.#exchange = undefined;
        const writer = exchange.stream(200, { ...SSE_HEADERS, ...this.#headers });
        this.#headers = {};
        if (this.#host.priming)
            writer.write(primingEvent(eventId(this.no, this.#seq), this.#host.retryMs));
        this.#adopt(writer);
    }
    #adopt(writer) {
        this.#writer = writer;
        this.#host.keepAlive.add(writer);
        writer.onClose(() => {
            if (this.#writer === writer)
                this.#writer = undefined;
            this.#host.touch();
        });
    }
    #finish() {
        this.#done = true;
        if (this.#replay === undefined)
            this.#writer?.end();
        this.#host.finished(this);
    }
}
//# sourceMappingURL=sessionStream.js.map