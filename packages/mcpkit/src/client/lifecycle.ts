/**
 * Opening a connection: build the session, start it, negotiate, and close it
 * again when negotiation fails; then restore what the application set on an
 * earlier connection. `McpClient.connect` and `reconnect` share this.
 *
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import type { Transport } from '../jsonrpc/transport.js';
import type { Implementation, LoggingLevel } from '../protocol/types/index.js';
import { implementationOf } from '../protocol/implementation.js';
import { negotiate, type NegotiateOptions } from './negotiate.js';
import type { ClientOptions } from './options.js';
import { ClientSession, type SessionHooks } from './clientSession.js';

/** The `clientInfo` of a client configured with `options`. */
export function clientInfo(options: ClientOptions): Implementation {
  return implementationOf(options);
}

/**
 * A negotiated session over `transport`. `hooks` receive the session itself
 * (a notification may arrive during negotiation). Rejects, with the transport
 * closed, when negotiation fails or `signal` fires.
 */
export async function openSession(
  transport: Transport,
  hooks: (session: () => ClientSession) => SessionHooks,
  options: NegotiateOptions,
): Promise<ClientSession> {
  const session: ClientSession = new ClientSession(
    transport,
    hooks(() => session),
  );
  await session.start();
  try {
    await negotiate(session, options);
  } catch (error) {
    await session.close();
    throw error;
  }
  return session;
}

/** Handshake era: sends `logging/setLevel` again on a new connection, when the application had set a level. */
export async function restoreLogLevel(
  session: ClientSession,
  level: LoggingLevel | undefined,
  report: (error: LocalError) => void,
): Promise<void> {
  if (level === undefined || session.era !== 'handshake' || session.negotiated.serverCapabilities.logging === undefined) return;
  await session.send('logging/setLevel', { level }).catch((error: unknown) => {
    report(new LocalError('PROTOCOL_VIOLATION', 'Could not restore the log level on the new connection', { cause: error }));
  });
}
