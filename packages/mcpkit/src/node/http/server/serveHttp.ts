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
import { isLoopbackHost } from '../../../protocol/safeLink.js';
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

/**
 * The `Host` names a server bound to `host` answers to by default: on a
 * loopback address (the library's one check, `isLoopbackHost`, which ignores
 * case), the loopback names plus the bound name itself (`127.0.0.2` is
 * loopback too, and its own URL names it); elsewhere no check.
 */
export function defaultAllowedHosts(host: string): readonly string[] | undefined {
  if (!isLoopbackHost(host)) return undefined;
  const own = urlHostOf(host);
  return LOOPBACK_HOSTS.includes(own) ? LOOPBACK_HOSTS : [...LOOPBACK_HOSTS, own];
}

/** `host` as a URL's host: lower case, an IPv6 address in brackets. */
function urlHostOf(host: string): string {
  const name = host.toLowerCase();
  return name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
}

/**
 * Serves `server` over HTTP at `http://host:port/mcp` (and the 2024-11-05
 * `/sse`, `/messages` beside it). With `auth` and no `auth.resource`, the
 * resource (the audience tokens must name) is that URL.
 */
export async function serveHttp(server: Servable, options: ServeHttpOptions = {}): Promise<HttpServerHandle> {
  const host = options.host ?? '127.0.0.1';
  const allowedHosts = options.allowedHosts ?? defaultAllowedHosts(host);
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
    // node:http binds `::1`, not `[::1]` (the URL form, which isLoopbackHost accepts too).
    httpServer.listen(options.port ?? 0, host.replace(/^\[(.*)\]$/, '$1'), () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const { port } = httpServer.address() as AddressInfo;
  const url = `http://${urlHostOf(host)}:${port}${options.path ?? '/mcp'}`;
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
