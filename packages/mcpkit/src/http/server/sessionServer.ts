/**
 * What the HTTP handler serves: something that answers MCP sessions. The
 * handler owns the HTTP (sessions and their ids, SSE streams and resumption,
 * HTTP+SSE, the Host/Origin guards, OAuth, the 2026-07-28 header checks) and
 * hands each connection to `connect` as a {@link Transport}; what answers on
 * it is the server's business. `McpServer` is one; a bridge or a gateway
 * that relays each connection to another server is another, without
 * pretending to be an `McpServer`.
 *
 * @module
 */
import type { Transport } from '../../jsonrpc/transport.js';
import type { Revision } from '../../protocol/versions.js';

/** How the handler hands over a connection. */
export interface SessionConnect {
  /** `'stateless'`: one 2026-07-28 request (its transport closes after the answer); absent: a handshake-era session. */
  readonly mode?: 'stateless';
  /** The session's id (handshake era; Streamable HTTP's `MCP-Session-Id`, or the HTTP+SSE session's). */
  readonly sessionId?: string;
  /** Call once when the session ends, whoever ended it: the handler forgets it then (404 afterwards). */
  readonly onClose?: () => void;
}

/** A connected session, as the handler reads it. */
export interface AnsweringSession {
  /**
   * The revision negotiated at `initialize`, once known: 2025-11-25 and later
   * get resumable (primed) streams, and batches are read only where the
   * revision allows them. Undefined: neither.
   */
  readonly revision?: Revision | undefined;
}

/** Something that answers MCP sessions over the connections the HTTP handler opens. */
export interface SessionServer {
  /**
   * Takes over `transport` (start it to receive) and resolves once it
   * answers. Throwing an `HttpError` refuses the session with that answer (a
   * 503 at a cap, say); anything else is a 500.
   */
  connect(transport: Transport, options: SessionConnect): Promise<AnsweringSession>;
  /** The revisions it speaks, for the handler's `MCP-Protocol-Version` check (default: all that mcpkit knows). */
  readonly revisions?: readonly Revision[];
  /**
   * The principal of a request's credentials (a session is bound to the one
   * that opened it). Default: the verified token's `sub`, `subject` or
   * `clientId`, as `McpServer`'s default.
   */
  principal?(auth: unknown): string | undefined;
}
