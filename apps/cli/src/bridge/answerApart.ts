/**
 * The stdio host's side of `bridge URL`, sending an answer a moment after
 * the notifications of its own request when both would leave together.
 *
 * Over HTTP the last progress notifications of a request and its answer
 * often arrive in one read (one SSE chunk), and the bridge would write them
 * in one `write()`. The official SDK clients (the ones most hosts run) handle
 * notifications a microtask after the messages read with them, and drop
 * progress whose request has been answered by then: the host's progress
 * would stop short. A few milliseconds between the last notification and the
 * answer put them in separate reads. Only an answer that follows a
 * notification of its own request in the same turn waits; nothing else does.
 *
 * @module
 */
import type { JsonRpcPayload, RequestId, SendOptions, Transport, TransportSink } from 'mcpkit/jsonrpc';

/** How long an answer waits after a notification of its request sent in the same turn. */
const APART_MS = 5;

/** Wraps the host transport; see the module comment. */
export class AnswerApart implements Transport {
  readonly #inner: Transport;
  /** Requests that had a notification sent in this turn. */
  readonly #notified = new Set<RequestId>();
  #clearing = false;

  constructor(inner: Transport) {
    this.#inner = inner;
  }

  start(sink: TransportSink): Promise<void> {
    return this.#inner.start(sink);
  }

  send(payload: JsonRpcPayload, options?: SendOptions): Promise<void> {
    const related = options?.relatedRequestId;
    if (related === undefined || Array.isArray(payload)) return this.#inner.send(payload, options);
    if ('method' in payload) {
      this.#notified.add(related);
      this.#clearAfterTurn();
      return this.#inner.send(payload, options);
    }
    if (!this.#notified.has(related)) return this.#inner.send(payload, options);
    return new Promise<void>((resolve) => setTimeout(resolve, APART_MS)).then(() => this.#inner.send(payload, options));
  }

  close(): Promise<void> {
    return this.#inner.close();
  }

  #clearAfterTurn(): void {
    if (this.#clearing) return;
    this.#clearing = true;
    setImmediate(() => {
      this.#clearing = false;
      this.#notified.clear();
    });
  }
}
