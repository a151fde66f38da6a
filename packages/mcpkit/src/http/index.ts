/**
 * `mcpkit/http`: MCP over HTTP, runtime-neutral. One endpoint serves
 * 2026-07-28 clients (stateless), 2025-03-26 … 2025-11-25 clients (sessions,
 * SSE, resumption) and, beside it, 2024-11-05 clients (HTTP+SSE). The
 * web-standard face is here; the native `node:http` face is `mcpkit/node`.
 *
 * @module
 */
export { createWebHandler, type WebHandler, type WebRequestContext } from './server/webHandler.js';
export { McpHttpHandler } from './server/httpHandler.js';
export type { Servable } from './server/handlerScope.js';
export type { CorsOptions, HttpHandlerOptions, LegacySseOptions } from './server/options.js';
export { MemoryEventStore, type EventStore, type MemoryEventStoreOptions, type StoredEvent } from './server/eventStore.js';
export { HttpError, HTTP_STATUS_OF_ERROR } from './server/httpError.js';
export type { BodyRead, HeaderMap, HttpExchange, HttpRequestInfo, HttpTransportInfo, StreamWriter } from './server/exchange.js';
export { LOOPBACK_HOSTS } from './server/guards.js';
export * from './client/index.js';
