/**
 * One connection's client side: the JSON-RPC connection, what negotiation
 * settled (revision, server info and capabilities), the request `_meta` of the
 * stateless era, and the handshake era's server-to-client requests. `McpClient`
 * keeps one session per connection; everything that outlives a connection
 * (subscriptions, notification handlers) lives in the client.
 *
 * @module
 */
import { Connection } from '../jsonrpc/connection.js';
import type { RequestContext } from '../jsonrpc/incoming.js';
import { LocalError } from '../jsonrpc/localError.js';
import type { JsonRpcNotification, JsonRpcRequest, Params, RequestId } from '../jsonrpc/message.js';
import type { RequestOptions } from '../jsonrpc/pending.js';
import { RpcError } from '../jsonrpc/rpcError.js';
import type { Transport } from '../jsonrpc/transport.js';
import { mcpObserver, observed, sessionIdOf, type TelemetryOptions } from '../telemetry/index.js';
import { isObject } from '../protocol/check.js';
import { ErrorCode } from '../protocol/errorCodes.js';
import { mcpCancellation, mcpProgress } from '../protocol/conventions.js';
import { META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_LOG_LEVEL, META_PROTOCOL_VERSION } from '../protocol/meta.js';
import type {
  ClientCapabilities,
  DiscoverResult,
  Implementation,
  LoggingLevel,
  ServerCapabilities,
} from '../protocol/types/index.js';
import { allowsBatch, eraOf, type Revision } from '../protocol/versions.js';
import type { ClientEra, InputContext } from './options.js';
import { isInputMethod, type InputResponder } from './inputs.js';

/** What negotiation settled. */
export interface Negotiated {
  readonly revision: Revision;
  readonly serverInfo: Implementation | undefined;
  readonly serverCapabilities: ServerCapabilities;
  readonly instructions: string | undefined;
  /** Stateless era: the `server/discover` result negotiation got (it seeds the cache). */
  readonly discovered?: DiscoverResult;
}

/** Who the client is, for `initialize` and the stateless era's request `_meta`. */
export interface ClientIdentity {
  readonly info: Implementation;
  readonly capabilities: ClientCapabilities;
  /** The log level requested with `setLoggingLevel` (stateless era: sent on every request). */
  readonly logLevel: () => LoggingLevel | undefined;
}

/** What the session reports to its client. */
export interface SessionHooks {
  readonly identity: ClientIdentity;
  readonly inputs: InputResponder;
  readonly onNotification: (method: string, params: Readonly<Record<string, unknown>>) => void;
  readonly onClose: (session: ClientSession, error?: Error) => void;
  readonly onError: (error: LocalError) => void;
  readonly timeoutMs: number | undefined;
  readonly maxTotalTimeoutMs: number | undefined;
  readonly telemetry?: TelemetryOptions | undefined;
}

/** The client side of one connection. */
export class ClientSession {
  readonly connection: Connection;
  readonly #hooks: SessionHooks;
  #negotiated: Negotiated | undefined;
  #baseMeta: Readonly<Record<string, unknown>> | undefined;

  constructor(transport: Transport, hooks: SessionHooks) {
    this.#hooks = hooks;
    this.connection = new Connection(transport, {
      onRequest: (request, rpc) => this.#onRequest(request, rpc),
      onNotification: (notification) => {
        this.#onNotification(notification);
      },
      onError: hooks.onError,
      onClose: (error) => {
        hooks.onClose(this, error);
      },
      cancellation: mcpCancellation,
      progress: mcpProgress,
      // Only a 2025-03-26 peer may batch.
      allowBatch: () => this.#negotiated !== undefined && allowsBatch(this.#negotiated.revision),
      ...(hooks.timeoutMs !== undefined && { timeoutMs: hooks.timeoutMs }),
      ...(hooks.maxTotalTimeoutMs !== undefined && { maxTotalTimeoutMs: hooks.maxTotalTimeoutMs }),
      ...observed(
        mcpObserver(hooks.telemetry, 'client', () => ({
          sessionId: sessionIdOf(transport),
          protocolVersion: this.#negotiated?.revision,
          network: transport.network,
        })),
      ),
    });
  }

  /** Who the client is. */
  get identity(): ClientIdentity {
    return this.#hooks.identity;
  }

  /** True until the connection closes. */
  get isOpen(): boolean {
    return this.connection.isOpen;
  }

  /** What negotiation settled; throws before it finished. */
  get negotiated(): Negotiated {
    if (this.#negotiated === undefined)
      throw new LocalError('CONNECTION_CLOSED', 'Not connected: the negotiation has not finished');
    return this.#negotiated;
  }

  /** The negotiated era, if negotiation finished. */
  get era(): ClientEra | undefined {
    return this.#negotiated === undefined ? undefined : eraOf(this.#negotiated.revision);
  }

  /** Records what negotiation settled. */
  settle(negotiated: Negotiated): void {
    this.#negotiated = negotiated;
  }

  /** Starts the connection. */
  start(): Promise<void> {
    return this.connection.start();
  }

  /** The request `_meta` of the stateless era at `revision`, merged over the caller's own `_meta`. */
  meta(revision: Revision, own?: unknown): Readonly<Record<string, unknown>> {
    const identity = this.#hooks.identity;
    const level = identity.logLevel();
    // The common case (no `_meta` of the caller's, no log level) shares one object: it is only ever serialized.
    if (own === undefined && level === undefined && this.#baseMeta?.[META_PROTOCOL_VERSION] === revision) return this.#baseMeta;
    const meta = {
      ...(isObject(own) ? own : {}),
      [META_PROTOCOL_VERSION]: revision,
      [META_CLIENT_CAPABILITIES]: identity.capabilities,
      [META_CLIENT_INFO]: identity.info,
      ...(level !== undefined && { [META_LOG_LEVEL]: level }),
    };
    if (own === undefined && level === undefined) this.#baseMeta = meta;
    return meta;
  }

  /** Params as sent: in the stateless era with the request `_meta`. */
  paramsFor(params: Readonly<Record<string, unknown>> | undefined): Readonly<Record<string, unknown>> | undefined {
    const negotiated = this.negotiated;
    if (eraOf(negotiated.revision) !== 'stateless') return params;
    return { ...params, _meta: this.meta(negotiated.revision, params?.['_meta']) };
  }

  /** Sends one request (the `_meta` added in the stateless era). */
  send(method: string, params: Readonly<Record<string, unknown>> | undefined, options?: RequestOptions): Promise<unknown> {
    return this.connection.request(method, this.paramsFor(params), options);
  }

  /** Sends one request and returns its promise with its JSON-RPC id (a subscription's id). */
  sendWithId(
    method: string,
    params: Readonly<Record<string, unknown>> | undefined,
    options?: RequestOptions,
  ): { readonly promise: Promise<unknown>; readonly id: RequestId | undefined } {
    let id: RequestId | undefined;
    const promise = this.connection.request(method, this.paramsFor(params), {
      ...options,
      onId: (assigned) => {
        id = assigned;
      },
    });
    return { promise, id };
  }

  /** Sends a notification. */
  notify(method: string, params?: Params): Promise<void> {
    return this.connection.notify(method, params);
  }

  /** Closes the connection. */
  close(): Promise<void> {
    return this.connection.close();
  }

  /** The context handlers of the handshake era's server requests see. */
  inputContext(signal: AbortSignal): InputContext {
    const negotiated = this.negotiated;
    return { signal, era: this.era ?? 'handshake', revision: negotiated.revision, serverInfo: negotiated.serverInfo };
  }

  /** Handshake era: the server asks (ping, elicitation, sampling, roots). */
  async #onRequest(request: JsonRpcRequest, rpc: RequestContext): Promise<unknown> {
    const { method } = request;
    // A stateless-era server never sends requests (it answers input_required instead).
    if (this.era !== 'handshake') throw RpcError.methodNotFound(method);
    if (method === 'ping') return {};
    const inputs = this.#hooks.inputs;
    if (!isInputMethod(method) || !inputs.handles(method)) throw RpcError.methodNotFound(method);
    try {
      return await inputs.answer(method, request.params, this.inputContext(rpc.signal));
    } catch (error) {
      // A request the handlers cannot serve as asked is the server's mistake: invalid params.
      if (error instanceof LocalError && (error.code === 'NOT_SUPPORTED' || error.code === 'PROTOCOL_VIOLATION')) {
        throw RpcError.invalidParams(error.message);
      }
      // The application's own answer was refused (an elicitation that breaks its form): it hears why, the server only that it failed.
      if (error instanceof LocalError && error.code === 'INVALID_ARGUMENT') {
        this.#hooks.onError(error);
        throw new RpcError(ErrorCode.InternalError, `The client could not answer ${method}`);
      }
      throw error;
    }
  }

  #onNotification(notification: JsonRpcNotification): void {
    const params = notification.params;
    this.#hooks.onNotification(notification.method, isObject(params) ? params : {});
  }
}
