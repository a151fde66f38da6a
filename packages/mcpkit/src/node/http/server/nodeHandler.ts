/**
 * The native `node:http` face: `(req, res) => void`, usable as the request
 * listener of `http.createServer` and, with its optional `next`, as Express
 * (or Connect) middleware that passes on paths it does not serve.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Servable } from '../../../http/server/handlerScope.js';
import { McpHttpHandler } from '../../../http/server/httpHandler.js';
import type { HttpHandlerOptions } from '../../../http/server/options.js';
import { NodeExchange } from './nodeExchange.js';

/** A `node:http` request listener (and Express-style middleware) serving an MCP server. */
export interface NodeHandler {
  (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void): void;
  /** The protocol core (sessions, `closeStream`). */
  readonly http: McpHttpHandler;
  /** Closes every session. */
  close(): Promise<void>;
}

/**
 * Serves `server` on Node's own request and response objects: Streamable HTTP
 * (both eras) and the 2024-11-05 HTTP+SSE endpoints. With `next` (Express),
 * requests for other paths go on down the chain; without it they get 404.
 */
export function createNodeHandler(server: Servable, options?: HttpHandlerOptions): NodeHandler {
  const http = new McpHttpHandler(server, options);
  const handle = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void): void => {
    const exchange = new NodeExchange(req, res);
    if (next !== undefined && !http.serves(exchange.path)) {
      next();
      return;
    }
    void http.handle(exchange);
  };
  return Object.assign(handle, { http, close: () => http.close() });
}
