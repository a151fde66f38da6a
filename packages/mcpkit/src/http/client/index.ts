/**
 * The HTTP client transports: Streamable HTTP (both eras, with fallback to the
 * 2024-11-05 HTTP+SSE transport) and HTTP+SSE itself. Runtime-neutral: they
 * send through an `HttpClient`, by default `fetch`; `mcpkit/node` gives them
 * a native `node:http` one.
 *
 * @module
 */
export { connectHttp, type ConnectHttpOptions } from './connectHttp.js';
export { FetchHttpClient, type FetchLike } from './fetchHttpClient.js';
export type { HttpClient, HttpClientRequest, HttpReply } from './httpClient.js';
export type { HeaderSource, HttpTransportOptions } from './send.js';
export { HttpTransportError } from './transportError.js';
export type { ReconnectOptions } from './reconnect.js';
export { SseClientTransport, type SseClientTransportOptions } from './sseClientTransport.js';
export { SseParser, type SseEvent, type SseHandlers } from '../wire/sseParser.js';
export { StreamableHttpClientTransport, type StreamableHttpClientTransportOptions } from './streamableHttpClientTransport.js';
