/**
 * How the Node host reaches its servers: `nodeTransportFor`, with each
 * process's start and stderr written to its log file as well as to the
 * host's events.
 *
 * @module
 */
import type { Connector } from '../servers/connector.js';
import type { ServerAuth } from '../servers/transportFor.js';
import { nodeTransportFor } from './nodeTransportFor.js';
import type { ServerLogs } from './serverLogs.js';

/** What the Node host's connector is made with. */
export interface HostConnectorOptions {
  readonly logs: ServerLogs | undefined;
  readonly inheritEnv: boolean | undefined;
  readonly auth: ServerAuth | undefined;
}

/** The Node host's connector. */
export function hostConnector(options: HostConnectorOptions): Connector {
  const { logs } = options;
  return (server, hooks) => {
    if (server.type === 'stdio') {
      // A secret typed for this server may sit in its arguments: the log gets a mask instead.
      const commandLine = (server.secrets ?? []).reduce(
        (line, secret) => line.replaceAll(secret, '***'),
        [server.command, ...server.args].join(' '),
      );
      logs?.write(server.name, `--- ${new Date().toISOString()} starting ${commandLine}\n`);
    }
    return nodeTransportFor(server, {
      auth: options.auth,
      inheritEnv: options.inheritEnv,
      onWarning: hooks.onWarning,
      onStderr: (text) => {
        logs?.write(server.name, text);
        hooks.onStderr(text);
      },
    });
  };
}
