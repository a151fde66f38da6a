/**
 * Opening a connection: build the session, start it, negotiate, and close it
 * again when negotiation fails; then restore what the application set on an
 * earlier connection. `McpClient.connect` and `reconnect` share this.
 *
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import { negotiate } from './negotiate.js';
import { ClientSession } from './session.js';
/** The `clientInfo` of a client configured with `options`. */
export function clientInfo(options) {
    return {
        name: options.name,
        version: options.version,
        ...(options.title !== undefined && { title: options.title }),
        ...(options.description !== undefined && { description: options.description }),
        ...(options.websiteUrl !== undefined && { websiteUrl: options.websiteUrl }),
        ...(options.icons !== undefined && { icons: options.icons }),
    };
}
/**
 * A negotiated session over `transport`. `hooks` receive the session itself
 * (a notification may arrive during negotiation). Rejects, with the transport
 * closed, when negotiation fails or `signal` fires.
 */
export async function openSession(transport, hooks, options) {
    const session = new ClientSession(transport, hooks(() => session));
    await session.start();
    try {
        await negotiate(session, options);
    }
    catch (error) {
        await session.close();
        throw error;
    }
    return session;
}
/** Legacy era: sends `logging/setLevel` again on a new connection, when the application had set a level. */
export async function restoreLogLevel(session, level, report) {
    if (level === undefined || session.era !== 'legacy' || session.negotiated.serverCapabilities.logging === undefined)
        return;
    await session.send('logging/setLevel', { level }).catch((error) => {
        report(new LocalError('PROTOCOL_VIOLATION', 'Could not restore the log level on the new connection', { cause: error }));
    });
}
//# sourceMappingURL=lifecycle.js.map