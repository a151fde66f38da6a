/**
 * Lifecycle: the handshake of 2024-11-05 … 2025-11-25 (`initialize`,
 * `notifications/initialized`, `ping`) and its 2026-07-28 replacement,
 * `server/discover`.
 *
 * @see https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle
 * @see https://modelcontextprotocol.io/specification/2026-07-28/server/discover
 * @module
 */
import type { CacheableResult, Implementation, NotificationParams, RequestParams, Result } from './base.js';
import type { ClientCapabilities, ServerCapabilities } from './capabilities.js';
/** Params of `initialize` (≤ 2025-11-25). */
export interface InitializeParams extends RequestParams {
    /** The newest revision the client speaks. */
    readonly protocolVersion: string;
    /** What the client supports. */
    readonly capabilities: ClientCapabilities;
    /** The client software. */
    readonly clientInfo: Implementation;
}
/** Result of `initialize` (≤ 2025-11-25). */
export interface InitializeResult extends Result {
    /** The revision the server chose; the client disconnects if it cannot speak it. */
    readonly protocolVersion: string;
    /** What the server supports. */
    readonly capabilities: ServerCapabilities;
    /** The server software. */
    readonly serverInfo: Implementation;
    /** How to use the server, for the model. */
    readonly instructions?: string;
}
/** Params of `notifications/initialized` (≤ 2025-11-25). */
export type InitializedParams = NotificationParams;
/** Params of `ping` (≤ 2025-11-25). */
export type PingParams = RequestParams;
/** Result of `ping`. */
export type PingResult = Result;
/** Params of `server/discover` (2026-07-28+). */
export type DiscoverParams = RequestParams;
/** Result of `server/discover` (2026-07-28+). */
export interface DiscoverResult extends CacheableResult {
    /** The revisions the server speaks. */
    readonly supportedVersions: readonly string[];
    /** What the server supports. */
    readonly capabilities: ServerCapabilities;
    /** How to use the server, for the model. */
    readonly instructions?: string;
}
//# sourceMappingURL=lifecycle.d.ts.map