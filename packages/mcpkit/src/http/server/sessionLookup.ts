/**
 * The checks every request of an existing handshake-era session passes: the
 * `Mcp-Session-Id` names a live session opened by the same principal, and a
 * present `MCP-Protocol-Version` names a revision the server speaks (absent:
 * 2025-03-26 is assumed, per the spec).
 *
 * @see 2025-11-25 `basic/transports.mdx#session-management`, `#protocol-version-header`
 * @module
 */
import { eraOf, isRevision } from '../../protocol/versions.js';
import type { HttpExchange } from './exchange.js';
import type { HandlerScope } from './handlerScope.js';
import { Header, stripOws } from '../wire/headers.js';
import { HttpError } from './httpError.js';
import { HttpSession } from './httpSession.js';

/** The session the request names, or 400 (no header), 404 (unknown, ended, or someone else's). */
export function findSession(
  scope: HandlerScope,
  exchange: HttpExchange,
): HttpSession | HttpError | Promise<HttpSession | HttpError> {
  const id = exchange.header(Header.SessionId);
  if (id === undefined) return HttpError.badRequest('Bad Request: the Mcp-Session-Id header is required');
  const session = scope.sessions.get(stripOws(id));
  if (session === undefined && scope.shared !== undefined) return restore(scope, exchange, stripOws(id));
  return checkSession(scope, exchange, session);
}

/** Scale-out: a session this process has not seen yet, from the shared store (503 if it cannot be reached). */
async function restore(scope: HandlerScope, exchange: HttpExchange, id: string): Promise<HttpSession | HttpError> {
  try {
    return checkSession(scope, exchange, await scope.shared?.find(id));
  } catch (error) {
    return error instanceof HttpError
      ? error
      : HttpError.unavailable('Service Unavailable: the shared session store cannot be reached');
  }
}

function checkSession(scope: HandlerScope, exchange: HttpExchange, session: unknown): HttpSession | HttpError {
  if (!(session instanceof HttpSession) || session.closed) return HttpError.sessionNotFound();
  // A session id is not a credential: it only works for the principal that opened the session.
  if (session.principal !== undefined && session.principal !== scope.view.principal(exchange.auth))
    return HttpError.sessionNotFound();
  return session;
}

/** 400 for an `MCP-Protocol-Version` the server does not speak in the handshake era. */
export function checkVersionHeader(scope: HandlerScope, exchange: HttpExchange): HttpError | undefined {
  const raw = exchange.header(Header.ProtocolVersion);
  if (raw === undefined) return undefined;
  const version = stripOws(raw);
  if (isRevision(version) && eraOf(version) === 'handshake' && scope.view.revisions.includes(version)) return undefined;
  const supported = scope.view.revisions.filter((r) => eraOf(r) === 'handshake');
  return HttpError.badRequest(`Bad Request: unsupported MCP-Protocol-Version ${version} (supported: ${supported.join(', ')})`, {
    supported,
    requested: version,
  });
}
