/**
 * A JSON-RPC connection over any transport: correlates responses by id,
 * dispatches requests and notifications, runs many requests concurrently,
 * times out, cancels and routes progress. It knows nothing of MCP: the
 * protocol layer passes its conventions and handlers in.
 *
 * @module
 */
import { decode, decodeValue, encode, type DecodeFailure, type DecodeResult, type DecodedMessage } from './codec.js';
import type { ConnectionOptions } from './connectionOptions.js';
import { Inbound } from './inbound.js';
import type { OutboundChannel } from './incoming.js';
import { LocalError } from './localError.js';
import type {
  JsonRpcMessage,
  JsonRpcNotification,
  JsonRpcPayload,
  JsonRpcRequest,
  JsonRpcResponse,
  Params,
  RequestId,
} from './message.js';
import { outcomeOf } from './observed.js';
import { Outgoing } from './outgoing.js';
import { PendingRequest, type RequestOptions } from './pending.js';
import { toRpcError } from './rpcError.js';
import type { Frame, MessageInfo, SendOptions, Transport } from './transport.js';

/**
 * A JSON-RPC 2.0 endpoint bound to one transport. (It serves its requests as
 * their `PendingControl` too, structurally: an `implements` clause would name
 * methods that the declaration build strips as internal.)
 */
export class Connection implements OutboundChannel {
  readonly #transport: Transport;
  readonly #options: ConnectionOptions;
  /** The requests this side sent and that are in flight; created with the first (see `Outgoing`). */
  #outgoing: Outgoing | undefined;
  /** The requests the peer sent that are being handled. */
  readonly #inbound: Inbound;
  readonly #defaults: { readonly timeoutMs: number; readonly maxTotalTimeoutMs: number };
  #nextId = 0;
  #state: 'new' | 'open' | 'closed' = 'new';
  #closeError: Error | undefined;

  constructor(transport: Transport, options: ConnectionOptions = {}) {
    this.#transport = transport;
    this.#options = options;
    this.#inbound = new Inbound(this, options);
    this.#defaults = {
      timeoutMs: options.timeoutMs ?? 60_000,
      maxTotalTimeoutMs: options.maxTotalTimeoutMs ?? Infinity,
    };
  }

  /** True until the transport closes. */
  get isOpen(): boolean {
    return this.#state === 'open';
  }

  /** Starts the transport and begins dispatching. */
  async start(): Promise<void> {
    if (this.#state !== 'new') throw new LocalError('INVALID_ARGUMENT', 'Connection already started');
    this.#state = 'open';
    try {
      await this.#transport.start({
        receive: (frame, info) => {
          this.#receive(frame, info);
        },
        reject: (error) => {
          if (this.#state === 'open') this.#rejectFrame({ ok: false, error, reply: true });
        },
        closed: (error) => {
          this.#closed(error);
        },
      });
    } catch (error) {
      this.#closed(error instanceof Error ? error : new LocalError('TRANSPORT_FAILED', String(error)));
      throw error;
    }
    this.#options.observer?.opened?.();
  }

  /** Sends a request and resolves with the peer's result (or rejects with an `RpcError` or `LocalError`). */
  request(method: string, params?: Params, options?: RequestOptions): Promise<unknown> {
    if (this.#state !== 'open') return Promise.reject(this.#notOpen());
    if (options?.signal?.aborted === true) {
      return Promise.reject(new LocalError('CANCELLED', `Request ${method} was cancelled`, { cause: options.signal.reason }));
    }
    const id = this.#nextId++;
    options?.onId?.(id);
    let token: RequestId | undefined;
    let sent = params;
    const progress = this.#options.progress;
    if (progress !== undefined && (options?.onProgress !== undefined || options?.resetTimeoutOnProgress === true)) {
      token = id;
      sent = progress.attach(params, token);
    }
    const watch = this.#options.observer?.send(method, sent, id);
    if (watch !== undefined) sent = watch.params;
    const pending = new PendingRequest(this, id, method, token, options, this.#defaults);
    this.#sent().add(pending);
    const message: JsonRpcRequest =
      sent === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params: sent };
    this.#send(message, options?.relatedRequestId).catch((error: unknown) => {
      pending.fail(
        isUnencodable(error) ? error : new LocalError('TRANSPORT_FAILED', `Could not send ${method}`, { cause: error }),
      );
    });
    if (watch !== undefined) {
      pending.promise.then(
        (result: unknown) => {
          watch.end({ ok: true, result });
        },
        (error: unknown) => {
          watch.end(outcomeOf(error));
        },
      );
    }
    return pending.promise;
  }

  /** Sends a notification. */
  notify(method: string, params?: Params, relatedRequestId?: RequestId): Promise<void> {
    if (this.#state !== 'open') return Promise.reject(this.#notOpen());
    const watch = this.#options.observer?.send(method, params, undefined);
    const sent = watch === undefined ? params : watch.params;
    const message: JsonRpcNotification =
      sent === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params: sent };
    const done = this.#send(message, relatedRequestId);
    if (watch !== undefined) {
      done.then(
        () => {
          watch.end({ ok: true });
        },
        (error: unknown) => {
          watch.end(outcomeOf(error));
        },
      );
    }
    return done;
  }

  /** Closes the transport; pending requests reject with `CONNECTION_CLOSED`. */
  async close(): Promise<void> {
    if (this.#state === 'closed') return;
    await this.#transport.close();
    this.#closed();
  }

  /** @internal PendingControl: forget a settled request. */
  settle(id: RequestId, progressToken: RequestId | undefined): void {
    this.#outgoing?.settle(id, progressToken);
  }

  /** @internal PendingControl: a request times out at `fireAt`. */
  expireAt(fireAt: number): void {
    // Called while a request is being built, before it is added: it may be the first.
    this.#sent().expireAt(fireAt);
  }

  #sent(): Outgoing {
    return (this.#outgoing ??= new Outgoing());
  }

  /** @internal PendingControl: tell the peer a request was abandoned. */
  cancelRemote(id: RequestId, reason: string): void {
    const cancellation = this.#options.cancellation;
    if (cancellation === undefined || this.#state !== 'open') return;
    const { method, params } = cancellation.notification(id, reason);
    this.notify(method, params).catch(() => undefined);
  }

  #notOpen(): LocalError {
    return new LocalError('CONNECTION_CLOSED', this.#state === 'new' ? 'Connection not started' : 'Connection closed', {
      cause: this.#closeError,
    });
  }

  #receive(frame: Frame, info: MessageInfo | undefined): void {
    if (this.#state !== 'open') return;
    const allowBatch = this.#options.allowBatch?.() === true;
    const decoded: DecodeResult =
      typeof frame === 'string' || frame instanceof Uint8Array
        ? decode(frame, { allowBatch })
        : decodeValue(frame, { allowBatch });
    if (!decoded.ok) {
      this.#rejectFrame(decoded);
      return;
    }
    if ('message' in decoded) {
      const reply = this.#dispatch(decoded.message, info);
      if (reply !== undefined) this.#reply(reply);
      return;
    }
    this.#dispatchBatch(decoded.batch, info);
  }

  #rejectFrame(failure: DecodeFailure): void {
    if (!failure.reply) {
      this.#report(new LocalError('PROTOCOL_VIOLATION', `Discarded a malformed response: ${failure.error.message}`));
      return;
    }
    const reply: JsonRpcResponse =
      failure.id === undefined
        ? { jsonrpc: '2.0', error: failure.error }
        : { jsonrpc: '2.0', id: failure.id, error: failure.error };
    this.#sendResponse(reply, failure.id);
  }

  /** Handles one message; returns a reply now, a promise of one, or nothing. */
  #dispatch(
    message: JsonRpcMessage,
    info: MessageInfo | undefined,
  ): JsonRpcResponse | Promise<JsonRpcResponse | undefined> | undefined {
    if ('method' in message) {
      if ('id' in message) return this.#inbound.handle(message, info);
      this.#handleNotification(message, info);
      return undefined;
    }
    this.#handleResponse(message);
    return undefined;
  }

  #dispatchBatch(items: readonly (DecodedMessage | DecodeFailure)[], info: MessageInfo | undefined): void {
    const replies: Promise<JsonRpcResponse | undefined>[] = [];
    for (const item of items) {
      if (!item.ok) {
        if (item.reply) {
          const error: JsonRpcResponse =
            item.id === undefined ? { jsonrpc: '2.0', error: item.error } : { jsonrpc: '2.0', id: item.id, error: item.error };
          replies.push(Promise.resolve(error));
        }
        continue;
      }
      const reply = this.#dispatch(item.message, info);
      if (reply !== undefined) replies.push(Promise.resolve(reply));
    }
    if (replies.length === 0) return;
    void Promise.all(replies).then((settled) => {
      this.#sendBatch(settled.filter((r): r is JsonRpcResponse => r !== undefined));
    });
  }

  #sendBatch(batch: readonly JsonRpcResponse[]): void {
    if (batch.length === 0 || this.#state !== 'open') return;
    this.#send(batch, undefined).catch((error: unknown) => {
      if (!isUnencodable(error)) {
        this.#report(new LocalError('TRANSPORT_FAILED', 'Could not send a batch response', { cause: error }));
        return;
      }
      this.#report(error);
      this.#sendBatch(batch.map((reply) => (isEncodable(reply) ? reply : this.#unencodableResult(reply, error))));
    });
  }

  #reply(reply: JsonRpcResponse | Promise<JsonRpcResponse | undefined>): void {
    if (reply instanceof Promise) {
      void reply.then((r) => {
        if (r !== undefined) this.#sendResponse(r, r.id);
      });
    } else {
      this.#sendResponse(reply, reply.id);
    }
  }

  #sendResponse(reply: JsonRpcResponse, relatedRequestId: RequestId | undefined): void {
    if (this.#state !== 'open') return;
    this.#send(reply, relatedRequestId).catch((error: unknown) => {
      if (!isUnencodable(error) || !('result' in reply)) {
        this.#report(new LocalError('TRANSPORT_FAILED', 'Could not send a response', { cause: error }));
        return;
      }
      this.#report(error);
      this.#sendResponse(this.#unencodableResult(reply, error), relatedRequestId);
    });
  }

  /**
   * The answer that replaces a result the wire cannot carry (a bigint, a cycle,
   * nesting deeper than the serializer's stack): the peer must still get a
   * response, or its request would hang until it times out.
   */
  #unencodableResult(reply: JsonRpcResponse, error: LocalError): JsonRpcResponse {
    const rpcError = toRpcError(error.cause ?? error, { exposeDetails: this.#options.exposeErrorDetails === true });
    return reply.id === undefined
      ? { jsonrpc: '2.0', error: rpcError.toJSON() }
      : { jsonrpc: '2.0', id: reply.id, error: rpcError.toJSON() };
  }

  /** Sends through the transport; a transport that throws instead of rejecting cannot break dispatch. */
  #send(payload: JsonRpcPayload, relatedRequestId: RequestId | undefined): Promise<void> {
    const options: SendOptions | undefined = relatedRequestId === undefined ? undefined : { relatedRequestId };
    try {
      return this.#transport.send(payload, options);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new LocalError('TRANSPORT_FAILED', String(error)));
    }
  }

  #handleNotification(notification: JsonRpcNotification, info: MessageInfo | undefined): void {
    const watch = this.#options.observer?.receive(notification, info);
    if (watch === undefined) {
      this.#notification(notification, info);
      return;
    }
    watch.run(() => {
      this.#notification(notification, info);
    });
    watch.end({ ok: true });
  }

  #notification(notification: JsonRpcNotification, info: MessageInfo | undefined): void {
    const { method } = notification;
    const progress = this.#options.progress;
    if (progress !== undefined && method === progress.method) {
      const token = progress.token(notification.params);
      const pending = token === undefined ? undefined : this.#outgoing?.byToken(token);
      if (pending !== undefined && notification.params !== undefined) {
        pending.progress(notification.params);
        return;
      }
    }
    const cancellation = this.#options.cancellation;
    if (cancellation !== undefined && method === cancellation.method) {
      const cancelled = cancellation.parse(notification.params);
      if (cancelled !== undefined && this.#inbound.cancel(cancelled.id, cancelled.reason ?? 'Cancelled by the peer')) return;
      // Unknown or finished ids are passed on, like unmatched progress: the race with completion is normal.
    }
    try {
      this.#options.onNotification?.(notification, info);
    } catch (error) {
      this.#report(new LocalError('PROTOCOL_VIOLATION', `Notification handler for ${method} failed`, { cause: error }));
    }
  }

  #handleResponse(response: JsonRpcResponse): void {
    const id = response.id;
    const pending = id === undefined ? undefined : this.#outgoing?.get(id);
    if (pending === undefined) {
      // A late answer to a request that timed out or was cancelled, or an error about an unreadable message.
      if ('error' in response) {
        this.#report(
          new LocalError(
            'PROTOCOL_VIOLATION',
            `Peer reported an error for ${id === undefined ? 'an unreadable message' : `unknown request ${JSON.stringify(id)}`}: ${response.error.message}`,
          ),
        );
      }
      return;
    }
    if ('error' in response) pending.rejectWith(response.error);
    else pending.resolve(response.result);
  }

  #closed(error?: Error): void {
    if (this.#state === 'closed') return;
    this.#state = 'closed';
    this.#closeError = error;
    // Built only when someone is waiting: an Error captures a stack, and most
    // connections (one per stateless HTTP request) close with nothing pending.
    const outgoing = this.#outgoing;
    if ((outgoing !== undefined && outgoing.size > 0) || this.#inbound.size > 0) {
      const reason = new LocalError('CONNECTION_CLOSED', 'Connection closed', { cause: error });
      outgoing?.failAll(reason);
      this.#inbound.cancelAll(reason);
    }
    this.#options.observer?.closed?.(error);
    this.#options.onClose?.(error);
  }

  #report(error: LocalError): void {
    this.#options.onError?.(error);
  }
}

/** True for the transports' report that a message cannot be serialized (nothing was sent). */
function isUnencodable(error: unknown): error is LocalError {
  return error instanceof LocalError && error.code === 'INVALID_ARGUMENT';
}

function isEncodable(payload: JsonRpcPayload): boolean {
  try {
    encode(payload);
    return true;
  } catch {
    return false;
  }
}
