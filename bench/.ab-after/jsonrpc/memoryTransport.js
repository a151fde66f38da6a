/**
 * A linked pair of in-memory transports: what one end sends, the other
 * receives. Messages are serialized on the way, exactly as on a wire, so a
 * test over the pair exercises the codec and can never share objects between
 * the two sides. Delivery is asynchronous (a microtask), as on a real channel.
 *
 * @module
 */
import { encode } from './codec.js';
import { LocalError } from './localError.js';
/** One end of an in-memory pair. */
export class InMemoryTransport {
    #peer;
    #sink;
    #queue = [];
    #scheduled = false;
    #closed = false;
    #info;
    constructor(info) {
        this.#info = info;
    }
    /** @internal Links two ends. */
    static link(a, b) {
        a.#peer = b;
        b.#peer = a;
    }
    start(sink) {
        if (this.#sink !== undefined)
            return Promise.reject(new LocalError('INVALID_ARGUMENT', 'Transport already started'));
        this.#sink = sink;
        if (this.#closed)
            queueMicrotask(() => { sink.closed(); });
        else if (this.#queue.length > 0)
            this.#schedule();
        return Promise.resolve();
    }
    send(payload) {
        const peer = this.#peer;
        if (this.#closed || peer === undefined)
            return Promise.reject(new LocalError('CONNECTION_CLOSED', 'Transport closed'));
        let frame;
        try {
            frame = encode(payload);
        }
        catch (error) {
            return Promise.reject(error instanceof LocalError ? error : new LocalError('INVALID_ARGUMENT', String(error)));
        }
        peer.#enqueue(frame);
        return Promise.resolve();
    }
    close() {
        const peer = this.#peer;
        this.#shut();
        if (peer !== undefined)
            peer.#shut();
        return Promise.resolve();
    }
    #enqueue(frame) {
        if (this.#closed)
            return;
        this.#queue.push(frame);
        if (this.#sink !== undefined)
            this.#schedule();
    }
    #schedule() {
        if (this.#scheduled)
            return;
        this.#scheduled = true;
        queueMicrotask(() => {
            this.#scheduled = false;
            this.#flush();
        });
    }
    #flush() {
        const sink = this.#sink;
        if (sink === undefined)
            return;
        const queue = this.#queue;
        this.#queue = [];
        for (const frame of queue) {
            if (this.#closed)
                return;
            sink.receive(frame, this.#info);
        }
    }
    #shut() {
        if (this.#closed)
            return;
        // Deliver what was already sent before the close, as a pipe would.
        this.#flush();
        this.#closed = true;
        this.#queue = [];
        const sink = this.#sink;
        if (sink !== undefined)
            queueMicrotask(() => { sink.closed(); });
    }
}
/** Creates two linked transports, `[client, server]`. The default test harness. */
export function createInMemoryPair(options) {
    const client = new InMemoryTransport();
    const server = new InMemoryTransport(options?.serverInfo);
    InMemoryTransport.link(client, server);
    return [client, server];
}
//# sourceMappingURL=memoryTransport.js.map