/**
 * GET and DELETE on the MCP endpoint: they exist only for handshake-era
 * sessions. GET opens the session's standalone stream (one at a time; 409 for
 * a second) or resumes any stream with `Last-Event-ID`; DELETE ends the
 * session. Without a session they have no meaning: 405.
 *
 * @see 2025-11-25 `basic/transports.mdx#listening-for-messages-from-the-server`
 * @module
 */
import type { HttpExchange } from './exchange.js';
import { checkStreamAccept } from './guards.js';
import { reject, type HandlerScope } from './handlerScope.js';
import { Header } from '../wire/headers.js';
import { HttpError } from './httpError.js';
import { checkVersionHeader, findSession } from './sessionLookup.js';

/** What is allowed at the endpoint (the `Allow` header of a 405). */
export const ENDPOINT_METHODS = 'GET, POST, DELETE';

/** GET: the standalone stream, or a resumption. */
export async function sessionGet(scope: HandlerScope, exchange: HttpExchange): Promise<void> {
  if (exchange.header(Header.SessionId) === undefined) {
    reject(exchange, HttpError.methodNotAllowed('POST'));
    return;
  }
  const refused = checkStreamAccept(exchange) ?? checkVersionHeader(scope, exchange);
  if (refused !== undefined) {
    reject(exchange, refused);
    return;
  }
  const found = findSession(scope, exchange);
  const session = found instanceof Promise ? await found : found;
  if (session instanceof HttpError) {
    reject(exchange, session);
    return;
  }
  const error = await session.get(exchange, exchange.header(Header.LastEventId));
  if (error !== undefined) reject(exchange, error);
}

/** DELETE: ends the session; later requests naming it get 404. */
export async function sessionDelete(scope: HandlerScope, exchange: HttpExchange): Promise<void> {
  if (exchange.header(Header.SessionId) === undefined) {
    reject(exchange, HttpError.methodNotAllowed('POST'));
    return;
  }
  const refused = checkVersionHeader(scope, exchange);
  if (refused !== undefined) {
    reject(exchange, refused);
    return;
  }
  const found = findSession(scope, exchange);
  const session = found instanceof Promise ? await found : found;
  if (session instanceof HttpError) {
    reject(exchange, session);
    return;
  }
  scope.sessions.delete(session.id);
  await session.end();
  exchange.respond(204, {});
}
