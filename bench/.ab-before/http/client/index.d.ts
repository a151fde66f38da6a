/**
 * The HTTP client transports: Streamable HTTP (both eras, with fallback to the
 * 2024-11-05 HTTP+SSE transport) and HTTP+SSE itself. Runtime-neutral: they
 * use only `fetch` and the web streams.
 *
 * @module
 */
export { connectHttp, type ConnectHttpOptions } from './connectHttp.js';
export type { FetchLike, HeaderSource } from './fetcher.js';
export { HttpTransportError } from './httpError.js';
export type { ReconnectOptions } from './reconnect.js';
export { SseClientTransport, type SseClientTransportOptions } from './sseClientTransport.js';
export { SseParser, type SseEvent, type SseHandlers } from './sseParser.js';
export { StreamableHttpClientTransport, type StreamableHttpClientTransportOptions } from './streamableHttpClientTransport.js';
//# sourceMappingURL=index.d.ts.map