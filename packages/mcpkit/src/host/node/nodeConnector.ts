/**
 * The Node connector: a stdio server is spawned (a safe default environment
 * plus its config's `env`, its own process group, stderr to its log file and
 * to the host's events), an HTTP server is reached over `node:http`, with
 * the authorizer the options give it (an OAuth client, say).
 *
 * @module
 */
import { nodeHttpTransport, NodeSseClientTransport } from '../../node/index.js';
import { StdioClientTransport } from '../../node/stdio/index.js';
import type { Connector } from '../servers/connector.js';
import type { ServerAuth } from './serverAuth.js';
import type { ServerLogs } from './serverLogs.js';

/** How the Node connector starts processes. */
export interface NodeConnectorOptions {
  /** Where stderr is logged (none: only the events get it). */
  readonly logs?: ServerLogs | undefined;
  /** Give processes this whole environment instead of the safe default set (default false). */
  readonly inheritEnv?: boolean | undefined;
  /** How long each shutdown step waits (close stdin, SIGTERM, SIGKILL), ms (default 1000). */
  readonly shutdownStepMs?: number | undefined;
  /** The authorizer of each HTTP server (none: only its config's headers). */
  readonly auth?: ServerAuth | undefined;
}

/** A connector for Node. */
export function nodeConnector(options: NodeConnectorOptions = {}): Connector {
  return (server, hooks) => {
    if (server.type !== 'stdio') {
      const auth = options.auth?.(server);
      const shared = { headers: server.headers, ...(auth !== undefined && { auth }) };
      if (server.type === 'sse') return new NodeSseClientTransport({ url: server.url, ...shared });
      return nodeHttpTransport(server.url, { ...shared, onWarning: hooks.onWarning });
    }
    // A secret typed for this server may sit in its arguments: the log gets a mask instead.
    const commandLine = (server.secrets ?? []).reduce(
      (line, secret) => line.replaceAll(secret, '***'),
      [server.command, ...server.args].join(' '),
    );
    options.logs?.write(server.name, `--- ${new Date().toISOString()} starting ${commandLine}\n`);
    return new StdioClientTransport({
      command: server.command,
      args: server.args,
      env: server.env,
      ...(server.cwd !== undefined && { cwd: server.cwd }),
      ...(options.inheritEnv === true && { inheritEnv: true }),
      shutdownStepMs: options.shutdownStepMs ?? 1000,
      stderr: 'pipe',
      onStderr: (text) => {
        options.logs?.write(server.name, text);
        hooks.onStderr(text);
      },
    });
  };
}
