/**
 * `serveHttp`: an MCP server on a port in one call. Safe by default: it binds
 * 127.0.0.1, and on a loopback address it accepts only the loopback host names
 * (DNS-rebinding protection) unless told otherwise.
 *
 * @module
 */
import { type Server } from 'node:http';
import type { Servable } from '../../http/handlerScope.js';
import type { HttpHandlerOptions } from '../../http/options.js';
import { type NodeHandler } from './nodeHandler.js';
/** Options of {@link serveHttp}: where to listen, and how to serve. */
export interface ServeHttpOptions extends HttpHandlerOptions {
    /** The port (default 0: any free port; the returned `url` names it). */
    readonly port?: number;
    /** The address to bind (default `127.0.0.1`: only this machine). */
    readonly host?: string;
}
/** A running server. */
export interface HttpServerHandle {
    /** The MCP endpoint's URL. */
    readonly url: string;
    /** The underlying `node:http` server. */
    readonly server: Server;
    /** Its request handler. */
    readonly handler: NodeHandler;
    /** Closes every session, then the server and its connections. */
    close(): Promise<void>;
}
/** True for addresses only this machine can reach. */
export declare function isLoopback(host: string): boolean;
/** Serves `server` over HTTP at `http://host:port/mcp` (and the 2024-11-05 `/sse`, `/messages` beside it). */
export declare function serveHttp(server: Servable, options?: ServeHttpOptions): Promise<HttpServerHandle>;
//# sourceMappingURL=serveHttp.d.ts.map