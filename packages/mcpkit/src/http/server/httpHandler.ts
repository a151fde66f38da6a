/**
 * The HTTP protocol logic, written once: it serves one `McpServer` to clients
 * of every revision over any {@link HttpExchange}. Each request goes through
 * named steps: guard (Host, Origin) → route (path, method) → the step for it
 * (`endpointPost`, `sessionGet`, `sessionDelete`, `httpSseOpen`, `httpSsePost`).
 *
 * @module
 */
import { JsonRpcErrorCode } from '../../jsonrpc/errorCodes.js';
import { LocalError } from '../../jsonrpc/localError.js';
import type { RequestId } from '../../jsonrpc/message.js';
import { withAuth } from './auth/authedExchange.js';
import { legacySseAuth, resolveAuth } from './auth/authOptions.js';
import { AuthGuard } from './auth/guard.js';
import { corsHeaders, preflightHeaders } from './cors.js';
import type { HttpExchange } from './exchange.js';
import { endpointPost } from './endpointPost.js';
import { checkHost, checkOrigin } from './guards.js';
import { reject, type HandlerScope, type Servable } from './handlerScope.js';
import { findServerView } from '../../server/viewOf.js';
import { httpView, isMcpServer } from './httpView.js';
import { HttpError } from './httpError.js';
import { HttpSession } from './httpSession.js';
import { KeepAlive, unref } from './keepAlive.js';
import { httpSseOpen, httpSsePost } from './httpSse.js';
import { resolveOptions, type HttpHandlerOptions, type ResolvedOptions } from './options.js';
import { ENDPOINT_METHODS, sessionDelete, sessionGet } from './sessionRequests.js';
import { SessionTable } from './sessionTable.js';
import { SharedHub } from './shared/sharedHub.js';
import { withHeaders } from './withHeaders.js';

/** One step that serves a routed request. */
type Step = (scope: HandlerScope, exchange: HttpExchange) => Promise<void>;

/** Serves an MCP server over HTTP; the web and Node faces both drive one of these. */
export class McpHttpHandler {
  readonly server: Servable;
  readonly options: ResolvedOptions;
  readonly sessions: SessionTable;
  readonly keepAlive: KeepAlive;
  /** The OAuth guard, when `auth` is configured. */
  readonly auth: AuthGuard | undefined;
  /** The OAuth guard of the HTTP+SSE endpoint (its own resource and metadata), when both are on. */
  readonly legacyAuth: AuthGuard | undefined;
  /** What the steps share; private, since it holds the server's view (principals, tool schemas). */
  readonly #scope: HandlerScope;
  readonly #shared: SharedHub | undefined;
  #closed = false;

  constructor(server: Servable, options?: HttpHandlerOptions) {
    this.server = server;
    this.options = resolveOptions(options);
    this.sessions = new SessionTable(this.options);
    this.keepAlive = new KeepAlive(this.options.keepAliveMs);
    const auth = options?.auth === undefined ? undefined : resolveAuth(options.auth);
    this.auth = auth === undefined ? undefined : new AuthGuard(auth);
    const { path, ssePath } = this.options;
    this.legacyAuth = auth === undefined || ssePath === undefined ? undefined : new AuthGuard(legacySseAuth(auth, path, ssePath));
    const full = findServerView(server);
    const store = this.options.store;
    // Replicas are restored from an McpServer's snapshots: a server that only relays has none to share.
    if (store !== undefined && full === undefined)
      throw new LocalError('INVALID_ARGUMENT', 'A shared store (scale-out) serves an McpServer only');
    this.#shared =
      store === undefined || full === undefined || !isMcpServer(server, full)
        ? undefined
        : new SharedHub(store, this.sessions, { server, view: full, keepAlive: this.keepAlive, options: this.options });
    this.#scope = {
      server,
      view: httpView(server, full),
      options: this.options,
      sessions: this.sessions,
      keepAlive: this.keepAlive,
      auth: this.auth,
      legacyAuth: this.legacyAuth,
      shared: this.#shared,
    };
    // Before the first request too: a server event raised meanwhile must reach the other processes' sessions.
    // On a later turn, so the list changes of the server's own setup (announced a microtask after it) are not heard.
    if (this.#shared !== undefined)
      unref(
        setTimeout(() => {
          if (!this.#closed) this.#shared?.start();
        }, 0),
      );
  }

  /** True if `path` is one of the paths this handler serves. */
  serves(path: string): boolean {
    const o = this.options;
    return (
      path === o.path ||
      path === o.ssePath ||
      path === o.messagesPath ||
      path === this.auth?.options.metadataPath ||
      path === this.legacyAuth?.options.metadataPath
    );
  }

  /** Handles one exchange to the end; never rejects (a thrown `HttpError` is sent as it is, anything else unexpected is a 500). */
  async handle(exchange: HttpExchange): Promise<void> {
    try {
      await this.#dispatch(exchange);
    } catch (error) {
      // An HttpError (a server's `connect` refusing a session, say) is already the answer.
      const closed = error instanceof LocalError && error.code === 'CONNECTION_CLOSED';
      reject(
        exchange,
        error instanceof HttpError
          ? error
          : closed
            ? HttpError.unavailable('Service Unavailable: the server is closed')
            : new HttpError(500, JsonRpcErrorCode.InternalError, 'Internal error'),
      );
    }
  }

  /**
   * Closes the connection carrying the answer to request `requestId` of
   * session `sessionId` without ending its stream: the client reconnects after
   * the advised `retry` delay and resumes with `Last-Event-ID` (2025-11-25
   * polling, SEP-1699). False if no such request is in flight.
   */
  closeStream(sessionId: string, requestId: RequestId): boolean {
    const session = this.sessions.get(sessionId);
    return session instanceof HttpSession && session.disconnect(requestId);
  }

  /** Closes every session and refuses further requests (503). */
  async close(): Promise<void> {
    this.#closed = true;
    this.#shared?.stop();
    await this.sessions.closeAll();
    this.keepAlive.stop();
  }

  async #dispatch(raw: HttpExchange): Promise<void> {
    const documented = [this.auth, this.legacyAuth].find(
      (guard) => guard !== undefined && raw.path === guard.options.metadataPath,
    );
    if (documented !== undefined) {
      this.#metadata(raw, documented);
      return;
    }
    const cors = corsHeaders(raw, this.options);
    const exchange = cors === undefined ? raw : withHeaders(raw, cors);
    const blocked = checkHost(exchange, this.options) ?? checkOrigin(exchange, this.options);
    if (blocked !== undefined) {
      reject(exchange, blocked);
      return;
    }
    if (this.#closed) {
      reject(exchange, HttpError.unavailable('Service Unavailable: shutting down'));
      return;
    }
    if (exchange.method === 'OPTIONS') {
      if (cors === undefined) {
        reject(exchange, HttpError.methodNotAllowed(ENDPOINT_METHODS));
        return;
      }
      exchange.respond(204, preflightHeaders(exchange, this.options, cors));
      return;
    }
    const step = this.#route(exchange);
    if (step instanceof HttpError) {
      reject(exchange, step);
      return;
    }
    this.#shared?.start();
    if (this.auth === undefined) {
      await step(this.#scope, exchange);
      return;
    }
    const legacy = exchange.path === this.options.ssePath || exchange.path === this.options.messagesPath;
    const auth = await (legacy ? (this.legacyAuth ?? this.auth) : this.auth).authenticate(exchange);
    if (auth instanceof HttpError) reject(exchange, auth);
    else await step(this.#scope, withAuth(exchange, auth));
  }

  /**
   * The Protected Resource Metadata (RFC 9728): public, so any origin may
   * read it (browser clients discover the authorization server with it); the
   * `Host` check still applies.
   */
  #metadata(exchange: HttpExchange, guard: AuthGuard): void {
    const blocked = checkHost(exchange, this.options);
    if (blocked !== undefined) {
      reject(exchange, blocked);
      return;
    }
    const cors = { 'access-control-allow-origin': '*' };
    if (exchange.method === 'OPTIONS') {
      exchange.respond(204, { ...cors, 'access-control-allow-methods': 'GET', 'access-control-max-age': '600' });
      return;
    }
    if (exchange.method !== 'GET' && exchange.method !== 'HEAD') {
      reject(exchange, HttpError.methodNotAllowed('GET'));
      return;
    }
    const body = guard.metadata;
    exchange.respond(200, { ...cors, 'content-type': 'application/json', 'cache-control': 'max-age=300' }, body);
  }

  /** The step that serves this path and method, or the rejection (404, 405). */
  #route(exchange: HttpExchange): Step | HttpError {
    const { path, ssePath, messagesPath } = this.options;
    const method = exchange.method;
    if (exchange.path === path) {
      if (method === 'POST') return endpointPost;
      if (method === 'GET') return sessionGet;
      if (method === 'DELETE') return sessionDelete;
      return HttpError.methodNotAllowed(ENDPOINT_METHODS);
    }
    if (exchange.path === ssePath) return method === 'GET' ? httpSseOpen : HttpError.methodNotAllowed('GET');
    if (exchange.path === messagesPath) return method === 'POST' ? httpSsePost : HttpError.methodNotAllowed('POST');
    return new HttpError(404, JsonRpcErrorCode.InvalidRequest, 'Not Found');
  }
}
