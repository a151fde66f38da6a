/**
 * The HTTP client transports: Streamable HTTP (both eras, with fallback to the
 * 2024-11-05 HTTP+SSE transport) and HTTP+SSE itself. Runtime-neutral: they
 * use only `fetch` and the web streams.
 *
 * @module
 */
export { connectHttp } from './connectHttp.js';
export { HttpTransportError } from './httpError.js';
export { SseClientTransport } from './sseClientTransport.js';
export { SseParser } from './sseParser.js';
export { StreamableHttpClientTransport } from './streamableHttpClientTransport.js';
//# sourceMappingURL=index.js.map