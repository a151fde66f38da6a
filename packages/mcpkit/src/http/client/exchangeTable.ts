/**
 * The POSTs in flight: each one's requests that still wait for their
 * response and the abort controller of its request and response stream, and
 * the table that finds them by request id and aborts them all on close.
 *
 * @module
 */
import { LocalError } from '../../jsonrpc/localError.js';
import { isRequest, type JsonRpcMessage, type RequestId } from '../../jsonrpc/message.js';

// Abort reasons, built once: an `abort()` without one builds a DOMException (and its stack) per call.
const ANSWERED = new LocalError('CANCELLED', 'Every request of the exchange was answered elsewhere');
const CANCELLED = new LocalError('CANCELLED', 'The request was cancelled');

/** The state of one POST and its response stream. */
export class Exchange {
  /** Aborts the request and the response stream. */
  readonly controller: AbortController = new AbortController();
  /** The ids of the requests in the body. */
  readonly ids: readonly RequestId[];
  /** True when the body names a revision in `_meta` (2026-07-28): no session, no resumption, closing the stream cancels. */
  readonly stateless: boolean;
  readonly #waiting: Set<RequestId>;
  #cancelled = false;
  /** Delivering from this exchange's own body: an answer found there stops the reading by itself. */
  #delivering = false;
  /** The body has been read to its end: nothing is left to abort. */
  #finished = false;

  constructor(ids: readonly RequestId[], stateless: boolean) {
    this.ids = ids;
    this.stateless = stateless;
    this.#waiting = new Set(ids);
  }

  /** True once every request has its response (at once for a body without requests). */
  get done(): boolean {
    return this.#waiting.size === 0;
  }

  /** True after {@link cancel}. */
  get cancelled(): boolean {
    return this.#cancelled;
  }

  /**
   * Records a response. Once all have arrived, a request or body still open is
   * aborted, unless the last answer came from that body (its reader stops).
   */
  answer(id: RequestId): void {
    if (this.#waiting.delete(id) && this.#waiting.size === 0 && !this.#delivering && !this.#finished)
      this.controller.abort(ANSWERED);
  }

  /** Delivers messages read from this exchange's own body. */
  deliver(receive: () => void): void {
    this.#delivering = true;
    try {
      receive();
    } finally {
      this.#delivering = false;
    }
  }

  /** The body has been read to its end (a JSON or error body). */
  finish(): void {
    this.#finished = true;
  }

  /** The caller gave up on the request(s): abort the request. On a 2026-07-28 stream that is the cancellation itself. */
  cancel(): void {
    this.#cancelled = true;
    this.controller.abort(CANCELLED);
  }

  /** The transport closed: abort the request and its stream. */
  abort(reason: unknown): void {
    this.controller.abort(reason);
  }
}

/** The exchanges in flight: by request id (for responses and cancellation), and all of them (notifications too) for closing. */
export class ExchangeTable {
  readonly #byId = new Map<RequestId, Exchange>();
  readonly #live = new Set<Exchange>();

  /** Starts an exchange for `messages`. */
  open(messages: readonly JsonRpcMessage[], stateless: boolean): Exchange {
    const ids: RequestId[] = [];
    for (let i = 0; i < messages.length; i++) {
      const message = messages[i] as JsonRpcMessage;
      if (isRequest(message)) ids.push(message.id);
    }
    const exchange = new Exchange(ids, stateless);
    this.#live.add(exchange);
    for (let i = 0; i < ids.length; i++) this.#byId.set(ids[i] as RequestId, exchange);
    return exchange;
  }

  /** The exchange is over. */
  close(exchange: Exchange): void {
    this.#live.delete(exchange);
    const { ids } = exchange;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i] as RequestId;
      if (this.#byId.get(id) === exchange) this.#byId.delete(id);
    }
  }

  /** The exchange carrying request `id`. */
  get(id: RequestId): Exchange | undefined {
    return this.#byId.get(id);
  }

  /** Aborts every exchange (the transport closed). */
  abortAll(reason: unknown): void {
    for (const exchange of this.#live) exchange.abort(reason);
  }
}

/**
 * Where a `notifications/cancelled` goes. For a 2026-07-28 request, closing
 * its stream is the cancellation: it is aborted here and nothing is POSTed
 * (`'stateless'`, also when nothing is in flight on a connection that never
 * had a handshake: there is nobody to tell). For a handshake-era request, the
 * exchange to abort once the notification went out. Undefined otherwise.
 */
export function routeCancellation(
  message: JsonRpcMessage,
  exchanges: ExchangeTable,
  statelessConnection: boolean,
): 'stateless' | Exchange | undefined {
  if (!('method' in message) || message.method !== 'notifications/cancelled' || 'id' in message) return undefined;
  const params = message.params as Record<string, unknown> | undefined;
  const target = params?.['requestId'];
  const exchange = typeof target === 'string' || typeof target === 'number' ? exchanges.get(target) : undefined;
  if (exchange?.stateless === true) {
    exchange.cancel();
    return 'stateless';
  }
  if (exchange === undefined && statelessConnection) return 'stateless';
  return exchange;
}
