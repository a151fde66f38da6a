/**
 * Starts the inspector: a random token, the server on loopback (unless told
 * otherwise), the targets given on the command line connected at once.
 *
 * @module
 */
import type { TelemetryOptions } from 'mcpkit/telemetry';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { parseConnectSpec, type ConnectSpec } from '../shared/connectSpec.js';
import type { GuardOptions } from './guard.js';
import { AppSandbox } from './appSandbox.js';
import { createInspectorServer } from './httpServer.js';
import { Hub } from './hub.js';
import type { ServerAuth } from 'mcpkit/host/transport';

/** Options of {@link startInspector}. */
export interface InspectorOptions {
  /** The port; 0 picks a free one. Default 6274. */
  readonly port?: number;
  /** The address to bind. Default `127.0.0.1`; anything else is exposed beyond this machine. */
  readonly host?: string;
  /** The token the URL carries; random (32 bytes) by default. */
  readonly token?: string;
  /** Servers to connect at start. */
  readonly targets?: readonly ConnectSpec[];
  /** Authorizes HTTP connections when their servers ask (`serverOAuth` of `mcpkit/host`); none: only their headers. */
  readonly auth?: ServerAuth;
  /** OpenTelemetry providers for the inspector's clients: their requests carry trace context in `_meta`. */
  readonly telemetry?: TelemetryOptions | undefined;
}

/** A running inspector. */
export interface RunningInspector {
  /** The page's URL, token included. */
  readonly url: string;
  readonly port: number;
  readonly token: string;
  readonly hub: Hub;
  /** Failures of the targets connected at start (the connections stay listed, to retry). */
  readonly startErrors: readonly { readonly target: ConnectSpec; readonly error: unknown }[];
  /** Closes every connection and the server. */
  close(): Promise<void>;
}

/** Starts the inspector; rejects if the port cannot be had. */
export async function startInspector(options: InspectorOptions = {}): Promise<RunningInspector> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  const host = options.host ?? '127.0.0.1';
  // App frames come from another loopback port: cross-origin to the page, whatever address the page is on.
  const sandbox = await AppSandbox.start('127.0.0.1');
  const hub = new Hub({ auth: options.auth, sandbox, telemetry: options.telemetry });
  let guard: GuardOptions = { token, port: options.port ?? 6274 };
  const server = createInspectorServer(hub, () => guard, sandbox.origin);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 6274, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  sandbox.allowAncestors([
    `http://127.0.0.1:${String(port)}`,
    `http://localhost:${String(port)}`,
    `http://[::1]:${String(port)}`,
  ]);
  const loopback = ['127.0.0.1', 'localhost', '::1'].includes(host);
  guard = { token, port, ...(!loopback && { extraHosts: [host] }) };
  const shown = host === '::1' ? '[::1]' : host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const url = `http://${shown}:${String(port)}/?token=${token}`;
  const startErrors: { target: ConnectSpec; error: unknown }[] = [];
  for (const target of options.targets ?? []) {
    try {
      // The command line's targets pass the same gate as the browser's: only how to reach the server is kept.
      await hub.connect(parseConnectSpec(target));
    } catch (error) {
      startErrors.push({ target, error });
    }
  }
  return {
    url,
    port,
    token,
    hub,
    startErrors,
    async close() {
      await hub.close();
      await sandbox.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      );
    },
  };
}
