/**
 * How the host reaches a server: a {@link Connector} turns a server's config
 * into a transport. The runtime-neutral one speaks HTTP through `fetch`
 * (`mcpkit/http`) and refuses stdio; the Node leaf (`mcpkit/host`) spawns
 * processes and speaks HTTP through `node:http`.
 *
 * @module
 */
import { httpTransport, SseClientTransport } from '../../http/index.js';
import { LocalError, type Transport } from '../../jsonrpc/index.js';
import type { ServerConfig } from '../config/types.js';

/** What a connector may report about a server's transport. */
export interface ConnectorHooks {
  /** Diagnostics the server wrote (a process's stderr). */
  readonly onStderr: (text: string) => void;
  /** Notes about the connection (a fallback to HTTP+SSE). */
  readonly onWarning: (message: string) => void;
}

/** Makes a transport for a server; a new one for each (re)start. */
export type Connector = (server: ServerConfig, hooks: ConnectorHooks) => Transport;

/** HTTP servers over `fetch`; stdio servers need the Node host. */
export const fetchConnector: Connector = (server, hooks) => {
  if (server.type === 'stdio')
    throw new LocalError(
      'NOT_SUPPORTED',
      `server ${server.name} is a process (stdio), which this runtime cannot start: use mcpkit/host on Node`,
    );
  if (server.type === 'sse') return new SseClientTransport({ url: server.url, headers: server.headers });
  return httpTransport(server.url, { headers: server.headers, onWarning: hooks.onWarning });
};
