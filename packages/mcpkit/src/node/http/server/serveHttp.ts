/**
 * `serveHttp`: an MCP server on a port in one call. Safe by default: it binds
 * 127.0.0.1, and on a loopback address it accepts only the loopback host names
 * (DNS-rebinding protection) unless told otherwise.
 *
 * @module
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOOPBACK_HOSTS } from '../../../http/server/guards.js';
import type { Servable } from '../../../http/server/handlerScope.js';
import type { HttpHandlerOptions } from '../../../http/server/options.js';
import { createNodeHandler, type NodeHandler } from './nodeHandler.js';

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
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Serves `server` over HTTP at `http://host:port/mcp` (and the 2024-11-05 `/sse`, `/messages` beside it). */
export async function serveHttp(server: Servable, options: ServeHttpOptions = {}): Promise<HttpServerHandle> {
  const host = options.host ?? '127.0.0.1';
  const allowedHosts = options.allowedHosts ?? (isLoopback(host) ? LOOPBACK_HOSTS : undefined);
  const handler = createNodeHandler(server, allowedHosts === undefined ? options : { ...options, allowedHosts });
  const httpServer = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port ?? 0, host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const { port } = httpServer.address() as AddressInfo;
  const urlHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}${handler.http.options.path}`,
    server: httpServer,
    handler,
    close: async () => {
      await handler.close();
      await new Promise<void>((resolve) => {
        httpServer.close(() => {
          resolve();
        });
        httpServer.closeAllConnections();
      });
    },
  };
}
