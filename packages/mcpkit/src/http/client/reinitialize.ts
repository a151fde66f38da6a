/**
 * Re-establishing an expired handshake-era session (the server answered 404
 * to our `Mcp-Session-Id`): replay the client's own `initialize` and
 * `notifications/initialized` without a session id, adopt the new session,
 * set up again what the old session held for the client (its logging level,
 * its resource subscriptions), and let the caller retry. The client above
 * never sees it happen. (The official SDK surfaces the 404 instead, and the
 * application has to reconnect.)
 *
 * @see 2025-11-25 `basic/transports.mdx#session-management` (item 4)
 * @module
 */
import { encode } from '../../jsonrpc/codec.js';
import { LocalError } from '../../jsonrpc/localError.js';
import { Header } from '../wire/headers.js';
import { readAnswer } from './answer.js';
import { isOk } from './httpClient.js';
import { HttpTransportError, statusError } from './transportError.js';
import { standardHeaders } from './messageHeaders.js';
import { POST_HEADERS } from './postHeaders.js';
import type { ReconnectPolicy } from './reconnect.js';
import { discard, send, type HttpContext } from './send.js';
import { readVersion, type HandshakeSession } from './handshakeSession.js';

/** Starts a new session by replaying the recorded handshake. Resolves once the new session is in place. */
export async function reinitialize(
  session: HandshakeSession,
  context: HttpContext,
  url: URL,
  policy: ReconnectPolicy,
  signal: AbortSignal,
): Promise<void> {
  const { initialize, initialized } = session;
  if (initialize === undefined || initialized === undefined) {
    throw new LocalError('TRANSPORT_FAILED', 'The session expired and cannot be re-established: the handshake was not seen');
  }
  const reply = await send(context, {
    method: 'POST',
    url,
    headers: { ...POST_HEADERS, ...standardHeaders(initialize) },
    body: encode(initialize),
    signal,
    what: 'POST initialize (new session)',
  });
  const answer = await readAnswer(reply, initialize.id, 'POST initialize (new session)', policy, signal);
  if ('error' in answer) {
    throw new HttpTransportError(reply.status, `Re-initialization was refused: ${answer.error.message}`);
  }
  const version = 'result' in answer ? readVersion(answer.result) : undefined;
  if (version !== session.version) {
    throw new LocalError(
      'TRANSPORT_FAILED',
      `Re-initialization negotiated ${String(version)} instead of ${String(session.version)}`,
    );
  }
  session.id = reply.header(Header.SessionId);
  const ack = await send(context, {
    method: 'POST',
    url,
    headers: { ...POST_HEADERS, ...standardHeaders(initialized), ...session.headers() },
    body: encode(initialized),
    signal,
    what: 'POST notifications/initialized (new session)',
  });
  discard(ack);
  if (!isOk(ack)) throw statusError(ack.status, ack.statusText, undefined, 'POST notifications/initialized (new session)');
  await restoreState(session, context, url, policy, signal);
}

/**
 * Replays the session state: `logging/setLevel`, then `resources/subscribe`
 * per URI. A refusal is the server's to make (it may have dropped a resource);
 * it is not the failure of the request that noticed the expiry.
 */
async function restoreState(
  session: HandshakeSession,
  context: HttpContext,
  url: URL,
  policy: ReconnectPolicy,
  signal: AbortSignal,
): Promise<void> {
  const requests: { method: string; params: Record<string, unknown> }[] = [];
  if (session.logLevel !== undefined) requests.push({ method: 'logging/setLevel', params: { level: session.logLevel } });
  for (const uri of session.subscribed) requests.push({ method: 'resources/subscribe', params: { uri } });
  for (const [i, request] of requests.entries()) {
    const message = { jsonrpc: '2.0' as const, id: `mcpkit-restore-${String(i)}`, ...request };
    const what = `POST ${request.method} (new session)`;
    const reply = await send(context, {
      method: 'POST',
      url,
      headers: { ...POST_HEADERS, ...standardHeaders(message), ...session.headers() },
      body: encode(message),
      signal,
      what,
    });
    await readAnswer(reply, message.id, what, policy, signal).catch(() => undefined);
  }
}
