/**
 * What the request-handling steps share: the server being served (seen
 * through the few members HTTP needs), the resolved options, the session
 * table and the keep-alive ticker, plus the one way a rejection is written.
 *
 * @module
 */
import type { RequestId } from '../../jsonrpc/message.js';
import { isObject } from '../../protocol/check.js';
import type { Revision } from '../../protocol/versions.js';
import type { AuthGuard } from './auth/guard.js';
import type { HttpExchange } from './exchange.js';
import type { HttpError } from './httpError.js';
import type { KeepAlive } from './keepAlive.js';
import type { ResolvedOptions } from './options.js';
import type { SessionTable } from './sessionTable.js';
import type { SessionServer } from './sessionServer.js';
import type { SharedHub } from './shared/sharedHub.js';
import { JSON_HEADERS } from '../wire/sse.js';

/** The servers HTTP serves: any {@link SessionServer}, an `McpServer` (whatever its lifespan state) among them. */
export type Servable = SessionServer;

/** What HTTP reads of a server beyond `connect` (of an `McpServer`, through `serverViewOf`, not the public surface). */
export interface HttpServerView {
  /** The revisions it speaks. */
  readonly revisions: readonly Revision[];
  /** The principal of a request's credentials. */
  principal(auth: unknown): string | undefined;
  /** The input schema of a tool, for the `x-mcp-header` checks; undefined for a tool it does not know (or a server that relays). */
  inputSchema(tool: string): unknown;
}

/** Shared by the steps that handle requests. */
export interface HandlerScope {
  readonly server: Servable;
  /** Its revisions, principals (a session is bound to the one that opened it) and tool schemas (`x-mcp-header`). */
  readonly view: HttpServerView;
  readonly options: ResolvedOptions;
  readonly sessions: SessionTable;
  readonly keepAlive: KeepAlive;
  /** The OAuth guard, when the server is protected. */
  readonly auth: AuthGuard | undefined;
  /** The guard of the HTTP+SSE endpoint (`/sse` and its messages), its own resource. */
  readonly legacyAuth: AuthGuard | undefined;
  /** Scale-out: the shared stores' side of this handler (absent: sessions live in this process only). */
  readonly shared: SharedHub | undefined;
}

/** Writes a rejection: its status and headers, and a JSON-RPC error body (with the request's id when known). */
export function reject(exchange: HttpExchange, error: HttpError, id?: RequestId): void {
  if (exchange.answered) return;
  exchange.respond(
    error.status,
    error.headers === undefined ? JSON_HEADERS : { ...JSON_HEADERS, ...error.headers },
    error.body(id),
  );
}

/** The id of a request body, if it has a readable one (error responses carry it). */
export function requestIdOf(body: unknown): RequestId | undefined {
  if (!isObject(body) || !('method' in body)) return undefined;
  const id = body['id'];
  return typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id)) ? id : undefined;
}
