/**
 * One call for "talk to the MCP server at this URL", whatever it runs.
 *
 * @module
 */
import { StreamableHttpClientTransport, type StreamableHttpClientTransportOptions } from './streamableHttpClientTransport.js';

/** Options of {@link httpTransport}: those of the Streamable HTTP transport, without the URL. */
export type UrlTransportOptions = Omit<StreamableHttpClientTransportOptions, 'url'>;

/**
 * A transport for the server at `url`; it connects nothing, `client.connect(httpTransport(url))`
 * does. It speaks Streamable HTTP in whichever era the client's messages use, and if the server turns out to be a
 * 2024-11-05 HTTP+SSE server (its `initialize` POST fails with 400, 404 or 405
 * and no JSON-RPC error), it switches to that transport by itself: the choice
 * is made on the first `initialize`, inside the one transport the client sees.
 */
export function httpTransport(url: string | URL, options?: UrlTransportOptions): StreamableHttpClientTransport {
  return new StreamableHttpClientTransport({ fallbackToSse: true, ...options, url });
}
