import type { JsonRpcMessage, JsonRpcPayload } from '../jsonrpc/message.js';
import type { Transport, TransportSink } from '../jsonrpc/transport.js';
import type { HttpExchange } from './exchange.js';
import type { KeepAlive } from './keepAlive.js';
/** A transport for exactly one request and its answer. */
export declare class StatelessTransport implements Transport {
    #private;
    constructor(exchange: HttpExchange, keepAlive: KeepAlive);
    start(sink: TransportSink): Promise<void>;
    /** Hands the request to the server; a closed connection cancels it and ends the transport. */
    deliver(message: JsonRpcMessage): void;
    send(payload: JsonRpcPayload): Promise<void>;
    close(): Promise<void>;
}
//# sourceMappingURL=statelessTransport.d.ts.map