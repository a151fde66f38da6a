import type { JsonRpcPayload } from '../../jsonrpc/message.js';
import type { SendOptions, Transport, TransportSink } from '../../jsonrpc/transport.js';
import { type FetchLike, type HeaderSource } from './fetcher.js';
/** How to reach a 2024-11-05 HTTP+SSE server. */
export interface SseClientTransportOptions {
    /** The SSE endpoint (the URL the `GET` opens). */
    readonly url: string | URL;
    /** Extra headers for every request: a map, or a function called before each one. */
    readonly headers?: HeaderSource;
    /** The `fetch` to use (default: the global one). */
    readonly fetch?: FetchLike;
    /** Extra `fetch` options for every request. */
    readonly requestInit?: RequestInit;
    /** How long to wait for the `endpoint` event, ms (default 10 000). */
    readonly endpointTimeoutMs?: number;
}
/** Talks to a server over the 2024-11-05 HTTP+SSE transport. */
export declare class SseClientTransport implements Transport {
    #private;
    constructor(options: SseClientTransportOptions);
    /** The URL messages are POSTed to, once the server named it. */
    get endpoint(): URL | undefined;
    /**
     * Opens the stream and resolves once the server has named its message
     * endpoint. On failure the sink is not told of a close: nothing was open.
     */
    start(sink: TransportSink): Promise<void>;
    /** POSTs one message to the endpoint; the reply comes on the stream. */
    send(payload: JsonRpcPayload, _options?: SendOptions): Promise<void>;
    /** Closes the stream. */
    close(): Promise<void>;
}
//# sourceMappingURL=sseClientTransport.d.ts.map