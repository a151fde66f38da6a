/**
 * A POST of the handshake era, in named steps: `initialize` opens a session
 * (a new id, a new `ServerSession`); any other message needs the session,
 * passes its version check, is decoded under the session's batch rule, and is
 * handed over. Requests are answered on this POST's stream; notifications and
 * responses get 202.
 *
 * @see 2025-11-25 `basic/transports.mdx#sending-messages-to-the-server`
 * @module
 */
import { decodeValue, type DecodeFailure } from '../../jsonrpc/codec.js';
import type { JsonRpcMessage, RequestId } from '../../jsonrpc/message.js';
import { isObject } from '../../protocol/check.js';
import { allowsBatch } from '../../protocol/versions.js';
import type { HttpExchange } from './exchange.js';
import { reject, requestIdOf, type HandlerScope } from './handlerScope.js';
import { Header } from '../wire/headers.js';
import { HttpError } from './httpError.js';
import { HttpSession } from './httpSession.js';
import { checkVersionHeader, findSession } from './sessionLookup.js';

/** Serves a handshake-era POST whose body was already parsed. */
export async function handshakePost(scope: HandlerScope, exchange: HttpExchange, body: unknown): Promise<void> {
  if (exchange.header(Header.SessionId) === undefined) {
    await openSession(scope, exchange, body);
    return;
  }
  const found = findSession(scope, exchange);
  const session = found instanceof Promise ? await found : found;
  if (session instanceof HttpError) {
    reject(exchange, session, requestIdOf(body));
    return;
  }
  const version = checkVersionHeader(scope, exchange);
  if (version !== undefined) {
    reject(exchange, version, requestIdOf(body));
    return;
  }
  const revision = session.server?.revision;
  const messages = decodeMessages(body, revision !== undefined && allowsBatch(revision));
  if (messages instanceof HttpError) {
    reject(exchange, messages, requestIdOf(body));
    return;
  }
  const requests = requestIds(messages);
  const refused = session.post(exchange, body as object, requests);
  if (refused !== undefined) {
    reject(exchange, refused, requestIdOf(body));
    return;
  }
  if (requests.length === 0) exchange.respond(202, {});
}

/** `initialize` without a session: opens one, then answers on this POST with the new `Mcp-Session-Id`. */
async function openSession(scope: HandlerScope, exchange: HttpExchange, body: unknown): Promise<void> {
  const id = requestIdOf(body);
  if (!isObject(body) || body['method'] !== 'initialize' || id === undefined) {
    reject(exchange, HttpError.badRequest('Bad Request: the Mcp-Session-Id header is required (send initialize first)'), id);
    return;
  }
  const decoded = decodeMessages(body, false);
  if (decoded instanceof HttpError) {
    reject(exchange, decoded, id);
    return;
  }
  if (!scope.sessions.reserve()) {
    reject(exchange, HttpError.unavailable('Service Unavailable: too many sessions'), id);
    return;
  }
  const { keepAlive, options, shared } = scope;
  const sessionId = crypto.randomUUID();
  const principal = scope.view.principal(exchange.auth);
  let session: HttpSession;
  try {
    if (shared === undefined) {
      const local = new HttpSession(sessionId, principal, { keepAlive, store: options.eventStore, retryMs: options.retryMs });
      local.server = await scope.server.connect(local, {
        sessionId: local.id,
        onClose: () => {
          scope.sessions.delete(local.id);
        },
      });
      session = local;
    } else {
      const replica = shared.create(sessionId, principal);
      await shared.connect(replica);
      session = replica;
    }
  } catch (error) {
    // A server may refuse the session with its own answer (a bridge at its process cap: 503).
    if (!(error instanceof HttpError)) throw error;
    reject(exchange, error, id);
    return;
  }
  scope.sessions.add(session);
  session.initializing = id;
  session.post(exchange, body, [id], { [Header.SessionId]: session.id });
}

/** Decodes a body as one message, or a batch where allowed; any defect is a 400. */
function decodeMessages(body: unknown, allowBatch: boolean): readonly JsonRpcMessage[] | HttpError {
  const decoded = decodeValue(body, { allowBatch });
  if (!decoded.ok) return invalid(decoded);
  if ('message' in decoded) return [decoded.message];
  const messages: JsonRpcMessage[] = [];
  for (const item of decoded.batch) {
    if (!item.ok) return invalid(item);
    if ('method' in item.message && item.message.method === 'initialize')
      return HttpError.badRequest('Invalid request: initialize may not be batched');
    messages.push(item.message);
  }
  return messages;
}

function invalid(failure: DecodeFailure): HttpError {
  return new HttpError(400, failure.error.code, failure.error.message);
}

function requestIds(messages: readonly JsonRpcMessage[]): RequestId[] {
  const ids: RequestId[] = [];
  for (const m of messages) if ('method' in m && 'id' in m) ids.push(m.id);
  return ids;
}
