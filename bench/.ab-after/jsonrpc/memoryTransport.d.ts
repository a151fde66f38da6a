import type { JsonRpcPayload } from './message.js';
import type { MessageInfo, Transport, TransportSink } from './transport.js';
/** Options of {@link createInMemoryPair}. */
export interface InMemoryPairOptions {
    /** Attached to every message the *server* end receives (e.g. `{ auth }` to test authorization). */
    readonly serverInfo?: MessageInfo;
}
/** One end of an in-memory pair. */
export declare class InMemoryTransport implements Transport {
    #private;
    constructor(info?: MessageInfo);
    /** @internal Links two ends. */
    static link(a: InMemoryTransport, b: InMemoryTransport): void;
    start(sink: TransportSink): Promise<void>;
    send(payload: JsonRpcPayload): Promise<void>;
    close(): Promise<void>;
}
/** Creates two linked transports, `[client, server]`. The default test harness. */
export declare function createInMemoryPair(options?: InMemoryPairOptions): [client: InMemoryTransport, server: InMemoryTransport];
//# sourceMappingURL=memoryTransport.d.ts.map