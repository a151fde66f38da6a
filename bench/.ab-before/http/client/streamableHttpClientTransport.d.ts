import { type JsonRpcPayload } from '../../jsonrpc/message.js';
import type { SendOptions, Transport, TransportSink } from '../../jsonrpc/transport.js';
import { type FetchLike, type HeaderSource } from './fetcher.js';
import { type ReconnectOptions } from './reconnect.js';
/** How to reach a Streamable HTTP server. */
export interface StreamableHttpClientTransportOptions {
    /** The MCP endpoint. */
    readonly url: string | URL;
    /** Extra headers for every request (`Authorization`, say): a map, or a function called before each request. */
    readonly headers?: HeaderSource;
    /** The `fetch` to use (default: the global one). */
    readonly fetch?: FetchLike;
    /** Extra `fetch` options for every request (credentials, mode, …). */
    readonly requestInit?: RequestInit;
    /** How dropped SSE streams are resumed (handshake era). */
    readonly reconnect?: ReconnectOptions;
    /** A handshake-era session to continue (sent from the first request on). */
    readonly sessionId?: string;
    /** Switch to the 2024-11-05 HTTP+SSE transport when `initialize` fails as on such a server (default true). */
    readonly fallbackToSse?: boolean;
    /** Problems with no caller to report to: a tool left out of `tools/list`, a server stream that gave up. */
    readonly onWarning?: (message: string) => void;
}
/** A Streamable HTTP client transport (both eras), with HTTP+SSE fallback. */
export declare class StreamableHttpClientTransport implements Transport {
    #private;
    constructor(options: StreamableHttpClientTransportOptions);
    /** The handshake-era session id, once the server assigned one. */
    get sessionId(): string | undefined;
    /** Which wire protocol is in use: Streamable HTTP, or the 2024-11-05 HTTP+SSE transport after a fallback. */
    get protocol(): 'streamable-http' | 'http+sse';
    /** Nothing to open: HTTP is driven by the messages sent. */
    start(sink: TransportSink): Promise<void>;
    /**
     * POSTs one message and delivers what comes back. For a request, resolves
     * once its response has been delivered (a long-lived `subscriptions/listen`
     * stays pending while its stream is open), and rejects with
     * `HttpTransportError` if the exchange failed without a JSON-RPC answer.
     * `relatedRequestId` needs no routing here: every message is its own POST.
     */
    send(payload: JsonRpcPayload, _options?: SendOptions): Promise<void>;
    /** Aborts every request and stream, ends the session (`DELETE`; 405 is fine), and closes. */
    close(): Promise<void>;
}
//# sourceMappingURL=streamableHttpClientTransport.d.ts.map