/**
 * One connection's server side. Each request is classified on arrival: a
 * request whose `_meta` names a revision is served statelessly (2026-07-28);
 * `initialize` starts a handshake-era session; anything else needs that
 * session. So one stdio process serves both eras, and the HTTP transport can
 * run one session per handshake client or per stateless request. What a
 * handshake-era session remembers, and the methods only it has, are in
 * handshake.ts.
 *
 * @module
 */
import { Connection } from '../jsonrpc/connection.js';
import type { ConnectionOptions } from '../jsonrpc/connectionOptions.js';
import type { RequestContext } from '../jsonrpc/incoming.js';
import type { JsonRpcNotification, JsonRpcRequest, Params } from '../jsonrpc/message.js';
import { RpcError } from '../jsonrpc/rpcError.js';
import type { Transport } from '../jsonrpc/transport.js';
import { mcpObserver, observed } from '../telemetry/index.js';
import { isObject } from '../protocol/check.js';
import { ErrorCode } from '../protocol/errorCodes.js';
import { mcpCancellation, mcpProgress } from '../protocol/conventions.js';
import { META_PROTOCOL_VERSION } from '../protocol/meta.js';
import { requestEntry } from '../protocol/methods.js';
import type { RequestEntry } from '../protocol/methodTable.js';
import type { ClientCapabilities, Implementation, Result } from '../protocol/types/index.js';
import { allowsBatch, type Revision } from '../protocol/versions.js';
import type { SessionState } from './context.js';
import {
  fromSnapshot,
  handshakeMethod,
  HandshakeCaller,
  openHandshake,
  toSnapshot,
  type Handshake,
  type SessionSnapshot,
} from './handshake.js';
import type { ServerView } from './serverView.js';
import { LiveChannel, NO_INPUT } from './inputs.js';
import type { MethodHandler } from './middleware.js';
import { metaOf, RequestScope, type Caller } from './scope.js';
import { decorate, discover, listen, runWithReplay, statelessCaller, statelessRevisions } from './stateless.js';
import { coreToolCall, extensionToolCall } from './tasks/taskCall.js';
import { coreTaskMethod, extensionTaskMethod } from './tasks/taskMethods.js';

export type { SessionSnapshot } from './handshake.js';

/** How a session treats requests. */
export type SessionMode =
  /** Both eras, request by request (stdio, in-memory). */
  | 'auto'
  /** Only stateless requests (a Streamable HTTP request that claims 2026-07-28). */
  | 'stateless';

/** Options of `server.connect()`. */
export interface ConnectOptions {
  /** Default `'auto'`. */
  readonly mode?: SessionMode;
  /** The transport's session id (Streamable HTTP). */
  readonly sessionId?: string;
  /** Called when the connection closes. */
  readonly onClose?: (session: ServerSession) => void;
  /** Connection tuning (timeouts of server-to-client requests). */
  readonly timeoutMs?: number;
  /**
   * Resumes a handshake-era session another process opened (scale-out): the
   * session starts initialized with this state instead of waiting for `initialize`.
   */
  readonly restore?: SessionSnapshot;
  /** Called whenever the handshake state changes (initialized, log level, subscriptions), to share it. */
  readonly onState?: (snapshot: SessionSnapshot) => void;
  /**
   * Whether the session follows the server's own events (`list_changed`,
   * `resources/updated`); default true. A transport that fans events out itself
   * (several processes) turns it off and calls {@link ServerSession.serverEvent}.
   */
  readonly serverEvents?: boolean;
}

/** A server event, as {@link ServerSession.serverEvent} takes it. */
export type SessionEvent =
  | { readonly kind: 'listChanged'; readonly list: 'tools' | 'prompts' | 'resources' }
  | { readonly kind: 'resourceUpdated'; readonly uri: string };

/** The server side of one connection. */
export class ServerSession {
  /** The JSON-RPC connection. */
  readonly connection: Connection;
  /** The transport's session id, if it has one. */
  readonly sessionId: string | undefined;
  readonly #server: ServerView<ServerSession>;
  readonly #mode: SessionMode;
  #handshake: Handshake | undefined;
  #unsubscribe: () => void = () => undefined;
  #inflight = 0;
  #idle: (() => void) | undefined;
  #state: SessionState | undefined;
  readonly #onState: ((snapshot: SessionSnapshot) => void) | undefined;
  readonly #followEvents: boolean;

  constructor(server: ServerView<ServerSession>, transport: Transport, options: ConnectOptions = {}) {
    this.#server = server;
    this.#mode = options.mode ?? 'auto';
    this.sessionId = options.sessionId;
    this.#onState = options.onState;
    this.#followEvents = options.serverEvents ?? true;
    if (options.restore !== undefined) this.#handshake = fromSnapshot(options.restore);
    const connectionOptions: ConnectionOptions = {
      onRequest: (request, rpc) => this.#track(this.#route(request, rpc)),
      onNotification: (notification) => {
        this.#onNotification(notification);
      },
      onClose: () => {
        this.#unsubscribe();
        options.onClose?.(this);
      },
      cancellation: mcpCancellation,
      progress: mcpProgress,
      allowBatch: () => this.#handshake !== undefined && allowsBatch(this.#handshake.revision),
      exposeErrorDetails: server.exposeErrorDetails,
      ...observed(
        mcpObserver(server.telemetry, 'server', () => ({
          sessionId: this.sessionId,
          protocolVersion: this.#handshake?.revision,
          network: transport.network,
        })),
      ),
      ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
    };
    this.connection = new Connection(transport, connectionOptions);
  }

  /** Handshake era: state kept for this session's lifetime (`ctx.session`); created when first read. */
  get state(): SessionState {
    return (this.#state ??= new Map());
  }

  /** The revision negotiated at `initialize` (handshake era), if any. */
  get revision(): Revision | undefined {
    return this.#handshake?.revision;
  }

  /** The client's info from `initialize`, if any. */
  get clientInfo(): Implementation | undefined {
    return this.#handshake?.clientInfo;
  }

  /** The client's capabilities from `initialize`, if any. */
  get clientCapabilities(): ClientCapabilities | undefined {
    return this.#handshake?.capabilities;
  }

  /** @internal Starts the connection (`McpServer.connect` does). */
  async start(): Promise<void> {
    await this.connection.start();
    if (this.#mode === 'auto' && this.#followEvents) {
      this.#unsubscribe = this.#server.subscribe({
        listChanged: (list) => {
          this.serverEvent({ kind: 'listChanged', list });
        },
        resourceUpdated: (uri) => {
          this.serverEvent({ kind: 'resourceUpdated', uri });
        },
      });
    }
  }

  /** Notifies the client of a server event, if its session asked for it (handshake era). */
  serverEvent(event: SessionEvent): void {
    const hs = this.#handshake;
    if (event.kind === 'listChanged') {
      // Only where the server advertised listChanged at initialize (it may be declared false, or the list added later).
      if (hs?.initialized === true && hs.advertised[event.list]?.listChanged === true)
        this.notify(`notifications/${event.list}/list_changed`);
    } else if (hs?.subscriptions?.has(event.uri) === true) {
      this.notify('notifications/resources/updated', { uri: event.uri });
    }
  }

  /** The handshake state, for another process to restore (undefined before `initialize`). */
  snapshot(): SessionSnapshot | undefined {
    const hs = this.#handshake;
    return hs === undefined ? undefined : toSnapshot(hs);
  }

  /** Takes the state another process changed (scale-out). */
  applySnapshot(snapshot: SessionSnapshot): void {
    this.#handshake = fromSnapshot(snapshot);
  }

  /** `#stateChanged`, bound once: the handshake-only methods call it after each change. */
  readonly #shareState = (): void => {
    this.#stateChanged();
  };

  #stateChanged(): void {
    const onState = this.#onState;
    if (onState === undefined) return;
    const snapshot = this.snapshot();
    if (snapshot !== undefined) onState(snapshot);
  }

  /** Sends a notification to the client, unrelated to any request (handshake era). Failures are dropped. */
  notify(method: string, params?: Params): void {
    if (this.connection.isOpen) this.connection.notify(method, params).catch(() => undefined);
  }

  readonly #notifyOnSession = (method: string, params?: Record<string, unknown>): void => {
    this.notify(method, params);
  };

  /** Waits until no request is in flight, or `ms` elapsed; true if idle. */
  async drain(ms: number): Promise<boolean> {
    if (this.#inflight === 0) return true;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#idle = undefined;
        resolve(false);
      }, ms);
      this.#idle = () => {
        clearTimeout(timer);
        // On the next macrotask: the last response goes out a few microtasks after its work ends,
        // and must be written before the caller closes the connection.
        setTimeout(() => {
          resolve(true);
        }, 0);
      };
    });
  }

  /** Closes the connection; requests still in flight are cancelled. */
  close(): Promise<void> {
    return this.connection.close();
  }

  async #track(work: Promise<unknown>): Promise<unknown> {
    this.#inflight++;
    try {
      return await work;
    } finally {
      if (--this.#inflight === 0) this.#idle?.();
    }
  }

  /** decode → route: picks the era for this request. */
  async #route(request: JsonRpcRequest, rpc: RequestContext): Promise<unknown> {
    const raw = request.params;
    if (raw !== undefined && !isObject(raw)) throw RpcError.invalidParams('params must be an object');
    const params = raw ?? {};
    const meta = metaOf(params);
    const stateless = meta?.[META_PROTOCOL_VERSION] !== undefined;
    if (request.method === 'initialize' && !stateless) return this.#initialize(params, meta, rpc);
    if (this.#mode === 'stateless' || stateless) return this.#stateless(request.method, params, meta, rpc);
    const handshake = this.#handshake;
    if (handshake === undefined) {
      if (request.method === 'ping') return {};
      throw RpcError.invalidParams(
        `Not initialized: send initialize first, or the request _meta of 2026-07-28 ("${META_PROTOCOL_VERSION}")`,
      );
    }
    return this.#handshakeRequest(request.method, params, meta, handshake, rpc);
  }

  /** The table entry of `method`, if the server serves it in `revision`; -32601 otherwise. */
  #entry(method: string, revision: Revision): RequestEntry {
    const entry = requestEntry(method);
    if (entry === undefined || entry.from === 'server' || !entry.revisions.includes(revision))
      throw RpcError.methodNotFound(method);
    if (entry.capability !== undefined && !this.#server.offers(entry.capability)) throw RpcError.methodNotFound(method);
    return entry;
  }

  #validate(entry: RequestEntry, params: Readonly<Record<string, unknown>>): void {
    const issue = entry.params(params, 'params');
    if (issue !== undefined) throw RpcError.invalidParams(`Invalid params: ${issue}`);
  }

  async #handshakeRequest(
    method: string,
    params: Readonly<Record<string, unknown>>,
    meta: Readonly<Record<string, unknown>> | undefined,
    hs: Handshake,
    rpc: RequestContext,
  ): Promise<unknown> {
    const entry = this.#entry(method, hs.revision);
    this.#validate(entry, params);
    const caller = new HandshakeCaller(this, hs, rpc.info?.auth, this.#notifyOnSession);
    const scope = new RequestScope(rpc, caller, this.#server, new LiveChannel(rpc, hs.capabilities, hs.revision), meta);
    const core =
      handshakeMethod(method, hs, this.#shareState) ??
      this.#coreTasks(method, params, meta, caller, rpc) ??
      this.#feature(method);
    return this.#server.run({ method, params }, scope, core);
  }

  async #stateless(
    method: string,
    params: Readonly<Record<string, unknown>>,
    meta: Readonly<Record<string, unknown>> | undefined,
    rpc: RequestContext,
  ): Promise<unknown> {
    const caller = statelessCaller(this.#server, meta, rpc);
    const entry = this.#entry(method, caller.revision);
    this.#validate(entry, params);
    let result: Result;
    if (entry.inputRequired) {
      const task = method === 'tools/call' ? extensionToolCall(this.#server, rpc, caller, params, meta) : undefined;
      result = await (task ?? runWithReplay(this.#server, rpc, caller, method, params, meta, this.#feature(method)));
    } else {
      const scope = new RequestScope(rpc, caller, this.#server, NO_INPUT, meta);
      const core =
        method === 'server/discover'
          ? discover(this.#server)
          : method === 'subscriptions/listen'
            ? listen(this.#server, rpc)
            : (extensionTaskMethod(this.#server, method, caller.clientCapabilities) ?? this.#feature(method));
      result = await this.#server.run({ method, params }, scope, core);
    }
    return decorate(this.#server, method, entry, result);
  }

  #feature(method: string): MethodHandler {
    const handler = this.#server.feature(method);
    if (handler === undefined) throw RpcError.methodNotFound(method);
    return handler;
  }

  /** `initialize`, inside the middleware chain (which may refuse it before a session exists). */
  #initialize(
    params: Readonly<Record<string, unknown>>,
    meta: Readonly<Record<string, unknown>> | undefined,
    rpc: RequestContext,
  ): Promise<unknown> {
    if (this.#mode === 'stateless') {
      // A handshake-era client has no way forward: name the versions, as 2026-07-28 asks (basic/versioning).
      const supported = statelessRevisions(this.#server);
      throw new RpcError(
        ErrorCode.MethodNotFound,
        `Method not found: initialize (this endpoint speaks ${supported.join(', ')}, without a handshake)`,
        {
          supported,
          requested: params['protocolVersion'],
        },
      );
    }
    const entry = requestEntry('initialize');
    if (entry !== undefined) this.#validate(entry, params);
    if (this.#handshake !== undefined) throw RpcError.invalidRequest('Already initialized');
    const handshake = openHandshake(this.#server, params);
    const { revision, advertised: capabilities } = handshake;
    const caller = new HandshakeCaller(this, handshake, rpc.info?.auth, this.#notifyOnSession);
    const core: MethodHandler = () => {
      // Checked again: another initialize may have finished while middleware ran.
      if (this.#handshake !== undefined) return Promise.reject(RpcError.invalidRequest('Already initialized'));
      this.#handshake = handshake;
      this.#stateChanged();
      const result: Record<string, unknown> = { protocolVersion: revision, capabilities, serverInfo: this.#server.info };
      if (this.#server.instructions !== undefined) result['instructions'] = this.#server.instructions;
      return Promise.resolve(result);
    };
    return this.#server.run({ method: 'initialize', params }, new RequestScope(rpc, caller, this.#server, NO_INPUT, meta), core);
  }

  /** 2025-11-25 tasks: `tasks/*`, and a `tools/call` that is (or must be) task-augmented. */
  #coreTasks(
    method: string,
    params: Readonly<Record<string, unknown>>,
    meta: Readonly<Record<string, unknown>> | undefined,
    caller: Caller,
    rpc: RequestContext,
  ): MethodHandler | undefined {
    if (method === 'tools/call') return coreToolCall(this.#server, params, { session: this, rpc, caller, meta });
    return method.startsWith('tasks/') ? coreTaskMethod(this.#server, method, this, rpc) : undefined;
  }

  #onNotification(notification: JsonRpcNotification): void {
    if (notification.method === 'notifications/initialized') {
      if (this.#handshake !== undefined && !this.#handshake.initialized) {
        this.#handshake.initialized = true;
        this.#stateChanged();
      }
      return;
    }
    this.#server.clientNotification(notification.method, notification.params, this);
  }
}
