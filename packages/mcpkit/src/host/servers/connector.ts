/**
 * How the host reaches a server: a {@link Connector} turns a server's config
 * into a transport. The default is `transportFor` (HTTP over `fetch`); the
 * Node host (`mcpkit/host`) uses `nodeTransportFor`, which adds processes.
 *
 * @module
 */
import type { Transport } from '../../jsonrpc/index.js';
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
