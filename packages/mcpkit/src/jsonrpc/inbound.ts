/**
 * The requests the peer sent that this side is handling: the other half of
 * `Outgoing`. It refuses an id already in use, runs the handler, turns what
 * the handler returns or throws into the response, and lets the peer's
 * cancellation or the connection's close reach a handler still running.
 *
 * @module
 */
import type { ConnectionOptions } from './connectionOptions.js';
import { JsonRpcErrorCode } from './errorCodes.js';
import { IncomingRequest, type OutboundChannel } from './incoming.js';
import { LocalError } from './localError.js';
import type { JsonRpcRequest, JsonRpcResponse, RequestId } from './message.js';
import type { ObservedReceive } from './observer.js';
import { toRpcError } from './rpcError.js';
import type { MessageInfo } from './transport.js';

/** A connection's inbound requests in flight. */
export class Inbound {
  readonly #byId = new Map<RequestId, IncomingRequest>();
  readonly #host: OutboundChannel;
  /** Read on each request, not copied: the handler is the connection's option. */
  readonly #options: ConnectionOptions;

  constructor(host: OutboundChannel, options: ConnectionOptions) {
    this.#host = host;
    this.#options = options;
  }

  /** How many requests are being handled. */
  get size(): number {
    return this.#byId.size;
  }

  /** Handles one request; returns its response now, a promise of one, or nothing (it was cancelled). */
  handle(
    request: JsonRpcRequest,
    info: MessageInfo | undefined,
  ): JsonRpcResponse | Promise<JsonRpcResponse | undefined> | undefined {
    const { id } = request;
    if (this.#byId.has(id)) {
      return {
        jsonrpc: '2.0',
        id,
        error: { code: JsonRpcErrorCode.InvalidRequest, message: `Request id ${JSON.stringify(id)} is already in use` },
      };
    }
    const handler = this.#options.onRequest;
    if (handler === undefined) {
      return {
        jsonrpc: '2.0',
        id,
        error: { code: JsonRpcErrorCode.MethodNotFound, message: `Method not found: ${request.method}` },
      };
    }
    // The transport's signal (info.signal) is linked when the handler first reads its own: most never do,
    // and on HTTP merely reading it costs an AbortController and a listener per request.
    const incoming = new IncomingRequest(this.#host, id, request.method, info);
    this.#byId.set(id, incoming);
    const watch = this.#options.observer?.receive(request, info);
    let result: unknown;
    try {
      result = watch === undefined ? handler(request, incoming) : watch.run(() => handler(request, incoming));
    } catch (error) {
      return this.#complete(incoming, undefined, error ?? new LocalError('PROTOCOL_VIOLATION', 'Handler threw undefined'), watch);
    }
    if (isThenable(result)) {
      return Promise.resolve(result).then(
        (value) => this.#complete(incoming, value, undefined, watch),
        (error: unknown) =>
          this.#complete(
            incoming,
            undefined,
            error ?? new LocalError('PROTOCOL_VIOLATION', 'Handler rejected without a reason'),
            watch,
          ),
      );
    }
    return this.#complete(incoming, result, undefined, watch);
  }

  /** The peer cancelled `id`; false when it is not being handled (finished already, or never sent). */
  cancel(id: RequestId, reason: string): boolean {
    const incoming = this.#byId.get(id);
    if (incoming === undefined) return false;
    incoming.cancel(reason);
    return true;
  }

  /** The connection closed: every handler still running is cancelled with `reason`. */
  cancelAll(reason: Error): void {
    for (const incoming of this.#byId.values()) incoming.cancel(reason);
    this.#byId.clear();
  }

  /** Ends a handled request; no response if it was cancelled (the peer is not waiting). */
  #complete(
    incoming: IncomingRequest,
    value: unknown,
    error: unknown,
    watch: ObservedReceive | undefined,
  ): JsonRpcResponse | undefined {
    incoming.finish();
    this.#byId.delete(incoming.id);
    if (incoming.cancelled) {
      watch?.end({ ok: false, local: new LocalError('CANCELLED', 'Cancelled') });
      return undefined;
    }
    if (error === undefined) {
      watch?.end({ ok: true, result: value });
      return { jsonrpc: '2.0', id: incoming.id, result: value === undefined ? null : value };
    }
    const rpcError = toRpcError(error, { exposeDetails: this.#options.exposeErrorDetails === true }).toJSON();
    watch?.end({ ok: false, error: rpcError });
    return { jsonrpc: '2.0', id: incoming.id, error: rpcError };
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
