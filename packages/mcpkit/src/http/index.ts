/**
 * `mcpkit/http`: MCP over HTTP, runtime-neutral. One endpoint serves
 * 2026-07-28 clients (stateless), 2025-03-26 … 2025-11-25 clients (sessions,
 * SSE, resumption) and, beside it, 2024-11-05 clients (HTTP+SSE); the client
 * transports speak to all of them. The web-standard faces are here; the native
 * `node:http` faces are `mcpkit/node`.
 *
 * The folders: `server/` (the handler), `client/` (the transports), and
 * `wire/`, what both read the wire by (header names and values, the `_meta`
 * era claim, the status table, SSE framing).
 *
 * @module
 */

// The server side.
export { createWebHandler, type WebHandler, type WebRequestContext } from './server/webHandler.js';
export { McpHttpHandler } from './server/httpHandler.js';
export type { Servable } from './server/handlerScope.js';
export type { AnsweringSession, SessionConnect, SessionServer } from './server/sessionServer.js';
// eslint-disable-next-line @typescript-eslint/no-deprecated -- kept for code written before the rename
export type { CorsOptions, HttpHandlerOptions, HttpSseOptions, LegacySseOptions } from './server/options.js';
export { MemoryEventStore, type EventStore, type MemoryEventStoreOptions, type StoredEvent } from './server/eventStore.js';
export { HttpError } from './server/httpError.js';
// Scale-out: the shared store's interface (to write one), and the in-memory store; Redis is `mcpkit/redis`.
export type {
  MessageBus,
  NewEvent,
  SessionFanout,
  SessionRecord,
  SessionStore,
  SharedEvent,
  SharedEventLog,
  SharedLeases,
  SharedStore,
} from '../scaleout/index.js';
export { MemoryShared, type MemorySharedOptions } from '../scaleout/index.js';
export type { BodyRead, HttpExchange, HttpRequestInfo, HttpTransportInfo, StreamWriter } from './server/exchange.js';
export { LOOPBACK_HOSTS } from './server/guards.js';
// OAuth protection of the server side (the resource server of the spec's authorization).
export type { AuthOptions, FeatureScopes } from './server/auth/authOptions.js';
export { PROTECTED_RESOURCE_WELL_KNOWN } from './server/auth/authOptions.js';
export { AuthGuard } from './server/auth/guard.js';
export { canonicalResource } from './server/auth/canonical.js';
export {
  accessTokenHash,
  DPOP_ALGORITHMS,
  DpopVerifier,
  type DpopCheck,
  type DpopOptions,
  type DpopRequest,
  type DpopResult,
} from './server/auth/dpopProof.js';
export { MemoryReplayCache, type DpopReplayCache, type MemoryReplayCacheOptions } from './server/auth/replayCache.js';
export { introspectionVerifier, type IntrospectionVerifierOptions } from './server/auth/introspectionVerifier.js';
export { jwtVerifier, type JwtVerifierOptions } from './server/auth/jwtVerifier.js';
export type { TokenVerifier, VerifiedToken, VerifyContext, VerifyResult } from './server/auth/verifier.js';

// The client side.
export { httpTransport, type UrlTransportOptions } from './client/httpTransport.js';
export { FetchHttpClient, type FetchLike } from './client/fetchHttpClient.js';
export type { HttpClient, HttpClientRequest, HttpReply } from './client/httpClient.js';
export type { HeaderSource, HttpTransportOptions } from './client/send.js';
export type { ChallengeReply, HttpAuthorizer } from './client/authorizer.js';
export { HttpTransportError } from './client/transportError.js';
export type { ReconnectOptions } from './client/reconnect.js';
export { SseClientTransport, type SseClientTransportOptions } from './client/sseClientTransport.js';
export {
  StreamableHttpClientTransport,
  type StreamableHttpClientTransportOptions,
} from './client/streamableHttpClientTransport.js';

// The wire, as both sides read it.
export type { HeaderMap } from './wire/headers.js';
export { HTTP_STATUS_OF_ERROR } from './wire/status.js';
export { SseParser, type SseEvent, type SseHandlers } from './wire/sseParser.js';
