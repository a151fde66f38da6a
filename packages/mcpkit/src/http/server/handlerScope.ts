/**
 * What the request-handling steps share: the server being served (seen
 * through the few members HTTP needs), the resolved options, the session
 * table and the keep-alive ticker, plus the one way a rejection is written.
 *
 * @module
 */
import type { RequestId } from '../../jsonrpc/message.js';
import type { Transport } from '../../jsonrpc/transport.js';
import { isObject } from '../../protocol/check.js';
import type { Revision } from '../../protocol/versions.js';
import type { ConnectOptions, ServerSession } from '../../server/session.js';
import type { HttpExchange } from './exchange.js';
import type { HttpError } from './httpError.js';
import type { KeepAlive } from './keepAlive.js';
import type { ResolvedOptions } from './options.js';
import type { SessionTable } from './sessionTable.js';
import { JSON_HEADERS } from '../wire/sse.js';

/** The server as HTTP sees it (an `McpServer` is one). */
export interface Servable {
  connect(transport: Transport, options?: ConnectOptions): Promise<ServerSession>;
  readonly revisions: readonly Revision[];
  /** The tool registry: `x-mcp-header` checks read a tool's input schema. */
  readonly tools: { get(name: string): { readonly wire: { readonly inputSchema: unknown } } | undefined };
  /** The principal of a request's auth: a session is bound to the one that opened it. */
  principal(auth: unknown): string | undefined;
}

/** Shared by the steps that handle requests. */
export interface HandlerScope {
  readonly server: Servable;
  readonly options: ResolvedOptions;
  readonly sessions: SessionTable;
  readonly keepAlive: KeepAlive;
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
