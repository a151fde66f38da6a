/**
 * A transport decorator that tells the client the JSON-RPC id of a request it
 * just sent. A `subscriptions/listen` stream is identified by that id (every
 * notification on it carries it as `_meta.subscriptionId`), and the engine
 * hides its ids, so the client learns it here: `Connection.request` hands the
 * message to the transport synchronously, before it returns.
 *
 * @module
 */
import type { JsonRpcPayload, RequestId } from '../jsonrpc/message.js';
import type { SendOptions, Transport, TransportSink } from '../jsonrpc/transport.js';

/** Wraps a transport; see the module note. */
export class RequestIdTap implements Transport {
  readonly #inner: Transport;
  #capture: ((id: RequestId) => void) | undefined;

  constructor(inner: Transport) {
    this.#inner = inner;
  }

  /**
   * Runs `send`, which sends exactly one request synchronously, and returns
   * what it returned together with that request's id (undefined if nothing
   * was sent, e.g. the connection was already closed).
   */
  capture<T>(send: () => T): { readonly value: T; readonly id: RequestId | undefined } {
    let id: RequestId | undefined;
    this.#capture = (sent) => {
      id = sent;
    };
    try {
      return { value: send(), id };
    } finally {
      this.#capture = undefined;
    }
  }

  start(sink: TransportSink): Promise<void> {
    return this.#inner.start(sink);
  }

  send(payload: JsonRpcPayload, options?: SendOptions): Promise<void> {
    const capture = this.#capture;
    if (capture !== undefined && !Array.isArray(payload)) {
      const message = payload as { readonly id?: RequestId; readonly method?: string };
      if (message.method !== undefined && message.id !== undefined) {
        this.#capture = undefined;
        capture(message.id);
      }
    }
    return this.#inner.send(payload, options);
  }

  close(): Promise<void> {
    return this.#inner.close();
  }
}
