/**
 * `serveHttp`: an MCP server on a port in one call. Safe by default: it binds
 * 127.0.0.1, and on a loopback address it accepts only the loopback host names
 * (DNS-rebinding protection) unless told otherwise.
 *
 * @module
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOOPBACK_HOSTS } from '../../../http/server/guards.js';
import type { Servable } from '../../../http/server/handlerScope.js';
import type { HttpHandlerOptions } from '../../../http/server/options.js';
import { answerEdgeRequests } from './edgeRequests.js';
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

/**
 * Serves `server` over HTTP at `http://host:port/mcp` (and the 2024-11-05
 * `/sse`, `/messages` beside it). With `auth` and no `auth.resource`, the
 * resource (the audience tokens must name) is that URL.
 */
export async function serveHttp(server: Servable, options: ServeHttpOptions = {}): Promise<HttpServerHandle> {
  const host = options.host ?? '127.0.0.1';
  const allowedHosts = options.allowedHosts ?? (isLoopback(host) ? LOOPBACK_HOSTS : undefined);
  const resolved = allowedHosts === undefined ? options : { ...options, allowedHosts };
  // Without a configured resource, the handler waits for the port: the resource is the URL we listen on.
  const deferred = options.auth !== undefined && options.auth.resource === undefined;
  let handler: NodeHandler | undefined = deferred ? undefined : createNodeHandler(server, resolved);
  const httpServer = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (handler !== undefined) handler(req, res);
    else res.writeHead(503, { 'retry-after': '1' }).end();
  });
  answerEdgeRequests(httpServer);
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port ?? 0, host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const { port } = httpServer.address() as AddressInfo;
  const urlHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const url = `http://${urlHost}:${port}${options.path ?? '/mcp'}`;
  if (handler === undefined && options.auth !== undefined) {
    try {
      handler = createNodeHandler(server, { ...resolved, auth: { ...options.auth, resource: url } });
    } catch (error) {
      httpServer.close();
      throw error;
    }
  }
  const live = handler as NodeHandler;
  return {
    url,
    server: httpServer,
    handler: live,
    close: async () => {
      await live.close();
      await new Promise<void>((resolve) => {
        httpServer.close(() => {
          resolve();
        });
        httpServer.closeAllConnections();
      });
    },
  };
}
