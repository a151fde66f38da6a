/**
 * One inbound request being handled: the context its handler receives. The
 * abort controller is created only if the handler reads `signal`, since most
 * handlers finish before anyone could cancel them; the transport's signal for
 * the message (`MessageInfo.signal`) is linked to it only then, too. (A handler
 * that never looks cannot be stopped; its late answer goes to a transport
 * that can no longer deliver it, which drops it.)
 *
 * @module
 */
import type { Params, RequestId } from './message.js';
import type { RequestOptions } from './pending.js';
import type { MessageInfo } from './transport.js';

/** What the handler context needs from its connection. */
export interface OutboundChannel {
  notify(method: string, params: Params | undefined, relatedRequestId: RequestId): Promise<void>;
  request(method: string, params: Params | undefined, options: RequestOptions): Promise<unknown>;
}

/** The context a request handler runs in. */
export interface RequestContext {
  /** The request's id. */
  readonly id: RequestId;
  /** The request's method. */
  readonly method: string;
  /** Fires when the peer cancels the request or the connection closes. */
  readonly signal: AbortSignal;
  /** What the transport knew about the message (auth, transport detail). */
  readonly info: MessageInfo | undefined;
  /** Sends a notification tied to this request; dropped once the request is finished. */
  notify(method: string, params?: Params): Promise<void>;
  /** Sends a request to the peer on behalf of this one. */
  request(method: string, params?: Params, options?: RequestOptions): Promise<unknown>;
}

/** An inbound request in flight; also its handler's context. */
export class IncomingRequest implements RequestContext {
  readonly id: RequestId;
  readonly method: string;
  readonly info: MessageInfo | undefined;
  readonly #host: OutboundChannel;
  #controller: AbortController | undefined;
  /** Listens to the transport's signal, once linked. */
  #onStop: (() => void) | undefined;
  #cancelReason: unknown;
  #cancelled = false;
  #finished = false;

  constructor(host: OutboundChannel, id: RequestId, method: string, info: MessageInfo | undefined) {
    this.#host = host;
    this.id = id;
    this.method = method;
    this.info = info;
  }

  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      const controller = new AbortController();
      this.#controller = controller;
      if (this.#cancelled) controller.abort(this.#cancelReason);
      else if (!this.#finished) this.#link();
    }
    return this.#controller.signal;
  }

  /** Treats the transport's signal for this message as a cancellation. */
  #link(): void {
    const stop = this.info?.signal;
    if (stop === undefined) return;
    if (stop.aborted) {
      this.cancel(stop.reason);
      return;
    }
    this.#onStop = () => {
      this.cancel(stop.reason);
    };
    stop.addEventListener('abort', this.#onStop, { once: true });
  }

  /** True once the peer cancelled (or the connection closed): the response is not sent. */
  get cancelled(): boolean {
    return this.#cancelled;
  }

  /** Marks the request cancelled and fires the handler's signal. */
  cancel(reason: unknown): void {
    if (this.#cancelled || this.#finished) return;
    this.#cancelled = true;
    this.#cancelReason = reason;
    this.#controller?.abort(reason);
  }

  /** The handler finished; later notifications are dropped. */
  finish(): void {
    this.#finished = true;
    if (this.#onStop !== undefined) this.info?.signal?.removeEventListener('abort', this.#onStop);
  }

  notify(method: string, params?: Params): Promise<void> {
    if (this.#finished || this.#cancelled) return Promise.resolve();
    return this.#host.notify(method, params, this.id);
  }

  request(method: string, params?: Params, options?: RequestOptions): Promise<unknown> {
    const signal = options?.signal === undefined ? this.signal : AbortSignal.any([options.signal, this.signal]);
    return this.#host.request(method, params, { ...options, signal, relatedRequestId: this.id });
  }
}
