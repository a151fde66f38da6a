/**
 * The web-standard face: `(Request) => Promise<Response>`, for Bun, Deno,
 * Cloudflare Workers, Hono (`app.all('/mcp', (c) => handler(c.req.raw))`) and
 * anything else that speaks the fetch API.
 *
 * @module
 */
import type { Servable } from './handlerScope.js';
import { McpHttpHandler } from './httpHandler.js';
import type { HttpHandlerOptions } from './options.js';
import { WebExchange } from './webExchange.js';

/** What a host may tell the handler about a request. */
export interface WebRequestContext {
  /** What the host authenticated (a bearer token's claims, say): `ctx.auth` in handlers. */
  readonly auth?: unknown;
}

/** A fetch-API handler serving an MCP server. */
export interface WebHandler {
  (request: Request, context?: WebRequestContext): Promise<Response>;
  /** The protocol core (sessions, `closeStream`). */
  readonly http: McpHttpHandler;
  /** Closes every session. */
  close(): Promise<void>;
}

/** Serves `server` to fetch-API requests: Streamable HTTP (both eras) and the 2024-11-05 HTTP+SSE endpoints. */
export function createWebHandler(server: Servable, options?: HttpHandlerOptions): WebHandler {
  const http = new McpHttpHandler(server, options);
  const handle = (request: Request, context?: WebRequestContext): Promise<Response> => {
    const exchange = new WebExchange(request, context?.auth);
    void http.handle(exchange);
    return exchange.response;
  };
  return Object.assign(handle, { http, close: () => http.close() });
}
