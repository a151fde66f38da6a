/**
 * The one place a {@link ServerConfig} becomes a transport on Node: a URL as
 * the runtime-neutral `transportFor` reaches it, carried by `node:http`
 * (keep-alive) unless the options give another client; a process (stdio)
 * spawned in its own process group with the safe default environment plus
 * its config's `env` (its whole environment only with `inheritEnv`), its
 * stderr piped to `onStderr` (else shown as this process's), and a prompt
 * shutdown (close stdin, SIGTERM, SIGKILL, a step apart).
 *
 * @module
 */
import { NodeHttpClient } from '../../node/index.js';
import { StdioClientTransport } from '../../node/stdio/index.js';
import type { Transport } from '../../jsonrpc/index.js';
import type { ServerConfig } from '../config/types.js';
import { transportFor, type TransportOptions } from '../servers/transportFor.js';

/** How {@link nodeTransportFor} reaches a server. */
export interface NodeTransportOptions extends TransportOptions {
  /** A process's stderr (none: it goes where this process's stderr goes). Diagnostics, not an error signal. */
  readonly onStderr?: ((text: string) => void) | undefined;
  /** Give every process this whole environment (as if each config said `inheritEnv`); default false. */
  readonly inheritEnv?: boolean | undefined;
  /** How long each shutdown step of a process waits (close stdin, SIGTERM, SIGKILL), ms (default 1000). */
  readonly shutdownStepMs?: number | undefined;
}

let sharedHttpClient: NodeHttpClient | undefined;

/**
 * The transport for `server` on Node: a new one each call (a restart makes
 * another). Nothing starts until the transport does (`client.connect`).
 *
 * @example
 * ```ts
 * const server = inferServer(['npx', '-y', '@modelcontextprotocol/server-everything']);
 * await client.connect(nodeTransportFor(server, { onStderr: (text) => process.stderr.write(text) }));
 * ```
 */
export function nodeTransportFor(server: ServerConfig, options: NodeTransportOptions = {}): Transport {
  if (server.type !== 'stdio') {
    sharedHttpClient ??= new NodeHttpClient();
    return transportFor(server, { ...options, httpClient: options.httpClient ?? sharedHttpClient });
  }
  const onStderr = options.onStderr;
  return new StdioClientTransport({
    command: server.command,
    args: server.args,
    env: server.env,
    ...(server.cwd !== undefined && { cwd: server.cwd }),
    ...((server.inheritEnv === true || options.inheritEnv === true) && { inheritEnv: true }),
    shutdownStepMs: options.shutdownStepMs ?? 1000,
    stderr: onStderr === undefined ? 'inherit' : 'pipe',
    ...(onStderr !== undefined && { onStderr }),
  });
}
