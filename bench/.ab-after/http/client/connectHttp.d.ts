/**
 * One call for "talk to the MCP server at this URL", whatever it runs.
 *
 * @module
 */
import { StreamableHttpClientTransport, type StreamableHttpClientTransportOptions } from './streamableHttpClientTransport.js';
/** Options of {@link connectHttp}: those of the Streamable HTTP transport, without the URL. */
export type ConnectHttpOptions = Omit<StreamableHttpClientTransportOptions, 'url'>;
/**
 * A transport for the server at `url`. It speaks Streamable HTTP in whichever
 * era the client's messages use, and if the server turns out to be a
 * 2024-11-05 HTTP+SSE server (its `initialize` POST fails with 400, 404 or 405
 * and no JSON-RPC error), it switches to that transport by itself: the choice
 * is made on the first `initialize`, inside the one transport the client sees.
 */
export declare function connectHttp(url: string | URL, options?: ConnectHttpOptions): StreamableHttpClientTransport;
//# sourceMappingURL=connectHttp.d.ts.map