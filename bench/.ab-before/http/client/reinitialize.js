/**
 * Re-establishing an expired handshake-era session (the server answered 404
 * to our `Mcp-Session-Id`): replay the client's own `initialize` and
 * `notifications/initialized` without a session id, adopt the new session, and
 * let the caller retry. The client above never sees it happen. (The official
 * SDK surfaces the 404 instead, and the application has to reconnect.)
 *
 * @see 2025-11-25 `basic/transports.mdx#session-management` (item 4)
 * @module
 */
import { encode } from '../../jsonrpc/codec.js';
import { LocalError } from '../../jsonrpc/localError.js';
import { readAnswer } from './answer.js';
import { discard, send } from './fetcher.js';
import { HttpTransportError, statusError } from './httpError.js';
import { standardHeaders } from './messageHeaders.js';
import { POST_HEADERS } from './postHeaders.js';
import { readVersion } from './session.js';
/** Starts a new session by replaying the recorded handshake. Resolves once the new session is in place. */
export async function reinitialize(session, context, url, policy, signal) {
    const { initialize, initialized } = session;
    if (initialize === undefined || initialized === undefined) {
        throw new LocalError('TRANSPORT_FAILED', 'The session expired and cannot be re-established: the handshake was not seen');
    }
    const response = await send(context, {
        method: 'POST',
        url,
        headers: { ...POST_HEADERS, ...standardHeaders(initialize) },
        body: encode(initialize),
        signal,
        what: 'POST initialize (new session)',
    });
    const answer = await readAnswer(response, initialize.id, 'POST initialize (new session)', policy, signal);
    if ('error' in answer) {
        throw new HttpTransportError(response.status, `Re-initialization was refused: ${answer.error.message}`);
    }
    const version = 'result' in answer ? readVersion(answer.result) : undefined;
    if (version !== session.version) {
        throw new LocalError('TRANSPORT_FAILED', `Re-initialization negotiated ${String(version)} instead of ${String(session.version)}`);
    }
    session.id = response.headers.get('mcp-session-id') ?? undefined;
    const ack = await send(context, {
        method: 'POST',
        url,
        headers: { ...POST_HEADERS, ...standardHeaders(initialized), ...session.headers() },
        body: encode(initialized),
        signal,
        what: 'POST notifications/initialized (new session)',
    });
    discard(ack);
    if (!ack.ok)
        throw statusError(ack.status, ack.statusText, undefined, 'POST notifications/initialized (new session)');
}
//# sourceMappingURL=reinitialize.js.map