/**
 * A transport decorator that tells the client the JSON-RPC id of a request it
 * just sent. A `subscriptions/listen` stream is identified by that id (every
 * notification on it carries it as `_meta.subscriptionId`), and the engine
 * hides its ids, so the client learns it here: `Connection.request` hands the
 * message to the transport synchronously, before it returns.
 *
 * @module
 */
import type { JsonRpcPayload, RequestId } from '../jsonrpc/message.js';
import type { SendOptions, Transport, TransportSink } from '../jsonrpc/transport.js';
/** Wraps a transport; see the module note. */
export declare class RequestIdTap implements Transport {
    #private;
    constructor(inner: Transport);
    /**
     * Runs `send`, which sends exactly one request synchronously, and returns
     * what it returned together with that request's id (undefined if nothing
     * was sent, e.g. the connection was already closed).
     */
    capture<T>(send: () => T): {
        readonly value: T;
        readonly id: RequestId | undefined;
    };
    start(sink: TransportSink): Promise<void>;
    send(payload: JsonRpcPayload, options?: SendOptions): Promise<void>;
    close(): Promise<void>;
}
//# sourceMappingURL=requestIdTap.d.ts.map