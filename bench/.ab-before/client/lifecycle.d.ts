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
import { type NegotiateOptions } from './negotiate.js';
import type { ClientOptions } from './options.js';
import { ClientSession, type SessionHooks } from './session.js';
/** The `clientInfo` of a client configured with `options`. */
export declare function clientInfo(options: ClientOptions): Implementation;
/**
 * A negotiated session over `transport`. `hooks` receive the session itself
 * (a notification may arrive during negotiation). Rejects, with the transport
 * closed, when negotiation fails or `signal` fires.
 */
export declare function openSession(transport: Transport, hooks: (session: () => ClientSession) => SessionHooks, options: NegotiateOptions): Promise<ClientSession>;
/** Legacy era: sends `logging/setLevel` again on a new connection, when the application had set a level. */
export declare function restoreLogLevel(session: ClientSession, level: LoggingLevel | undefined, report: (error: LocalError) => void): Promise<void>;
//# sourceMappingURL=lifecycle.d.ts.map