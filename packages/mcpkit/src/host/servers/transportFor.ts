/**
 * The one place a {@link ServerConfig} becomes a transport, runtime-neutral:
 * a URL is reached over Streamable HTTP (falling back to HTTP+SSE when the
 * server turns out to be a 2024-11-05 one) or over HTTP+SSE only, carried by
 * `fetch` unless the options give another `HttpClient`. A process (stdio)
 * needs Node: `nodeTransportFor` (`mcpkit/host`) adds it on top of this one.
 *
 * @module
 */
import { httpTransport, SseClientTransport, type HttpAuthorizer, type HttpClient } from '../../http/index.js';
import { LocalError, type Transport } from '../../jsonrpc/index.js';
import type { HttpServerConfig, ServerConfig } from '../config/types.js';

/** The authorizer of an HTTP server (undefined: none, only its config's headers). `serverOAuth` makes one. */
export type ServerAuth = (server: HttpServerConfig) => HttpAuthorizer | undefined;

/** How {@link transportFor} reaches a server. */
export interface TransportOptions {
  /** Notes about the connection (the switch to HTTP+SSE). */
  readonly onWarning?: ((message: string) => void) | undefined;
  /** The authorizer of each HTTP server (none: only its config's headers). */
  readonly auth?: ServerAuth | undefined;
  /** What carries HTTP requests (default: the global `fetch`; on Node, `node:http`); a tap wraps one. */
  readonly httpClient?: HttpClient | undefined;
}

/**
 * The transport for `server`: a new one each call (a restart makes another).
 * A `stdio` server is refused with `NOT_SUPPORTED` here: only Node starts
 * processes (`nodeTransportFor`).
 *
 * @example
 * ```ts
 * const transport = transportFor({ type: 'http', name: 'docs', url: 'https://example.com/mcp', headers: {} });
 * await client.connect(transport);
 * ```
 */
export function transportFor(server: ServerConfig, options: TransportOptions = {}): Transport {
  if (server.type === 'stdio')
    throw new LocalError(
      'NOT_SUPPORTED',
      `server ${server.name} is a process (stdio), which this runtime cannot start: use mcpkit/host on Node`,
    );
  const auth = options.auth?.(server);
  const shared = {
    url: server.url,
    headers: server.headers,
    ...(auth !== undefined && { auth }),
    ...(options.httpClient !== undefined && { httpClient: options.httpClient }),
  };
  if (server.type === 'sse') return new SseClientTransport(shared);
  const onWarning = options.onWarning;
  return httpTransport(server.url, { ...shared, ...(onWarning !== undefined && { onWarning }) });
}
