/**
 * CORS for browser clients: the headers added to every response to an allowed
 * origin, and the answer to a preflight. Off unless configured.
 *
 * @module
 */
import type { HeaderMap, HttpRequestInfo } from './exchange.js';
import type { ResolvedOptions } from './options.js';
/** The CORS headers for this request's origin, or undefined when CORS is off or the origin is not allowed. */
export declare function corsHeaders(req: HttpRequestInfo, options: ResolvedOptions): HeaderMap | undefined;
/** The preflight answer's headers: the MCP headers (and any `Mcp-Param-*`) are allowed. */
export declare function preflightHeaders(req: HttpRequestInfo, options: ResolvedOptions, base: HeaderMap): HeaderMap;
//# sourceMappingURL=cors.d.ts.map