/**
 * A linked pair of in-memory transports: what one end sends, the other
 * receives. Messages are serialized on the way, exactly as on a wire, so a
 * test over the pair exercises the codec and can never share objects between
 * the two sides. Delivery is asynchronous (a microtask), as on a real channel.
 *
 * @module
 */
import { encode } from './codec.js';
import { LocalError } from './localError.js';
import type { JsonRpcPayload } from './message.js';
import type { MessageInfo, Transport, TransportSink } from './transport.js';

/** Options of {@link createInMemoryPair}. */
export interface InMemoryPairOptions {
  /** Attached to every message the *server* end receives (e.g. `{ auth }` to test authorization). */
  readonly serverInfo?: MessageInfo;
}

/** One end of an in-memory pair. */
export class InMemoryTransport implements Transport {
  #peer: InMemoryTransport | undefined;
  #sink: TransportSink | undefined;
  #queue: string[] = [];
  #scheduled = false;
  #closed = false;
  readonly #info: MessageInfo | undefined;

  constructor(info?: MessageInfo) {
    this.#info = info;
  }

  /** @internal Links two ends. */
  static link(a: InMemoryTransport, b: InMemoryTransport): void {
    a.#peer = b;
    b.#peer = a;
  }

  start(sink: TransportSink): Promise<void> {
    if (this.#sink !== undefined) return Promise.reject(new LocalError('INVALID_ARGUMENT', 'Transport already started'));
    this.#sink = sink;
    if (this.#closed)
      queueMicrotask(() => {
        sink.closed();
      });
    else if (this.#queue.length > 0) this.#schedule();
    return Promise.resolve();
  }

  send(payload: JsonRpcPayload): Promise<void> {
    const peer = this.#peer;
    if (this.#closed || peer === undefined) return Promise.reject(new LocalError('CONNECTION_CLOSED', 'Transport closed'));
    let frame: string;
    try {
      frame = encode(payload);
    } catch (error) {
      return Promise.reject(error instanceof LocalError ? error : new LocalError('INVALID_ARGUMENT', String(error)));
    }
    peer.#enqueue(frame);
    return Promise.resolve();
  }

  close(): Promise<void> {
    const peer = this.#peer;
    this.#shut();
    if (peer !== undefined) peer.#shut();
    return Promise.resolve();
  }

  #enqueue(frame: string): void {
    if (this.#closed) return;
    this.#queue.push(frame);
    if (this.#sink !== undefined) this.#schedule();
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      this.#flush();
    });
  }

  #flush(): void {
    const sink = this.#sink;
    if (sink === undefined) return;
    const queue = this.#queue;
    this.#queue = [];
    for (const frame of queue) {
      if (this.#closed) return;
      sink.receive(frame, this.#info);
    }
  }

  #shut(): void {
    if (this.#closed) return;
    // Deliver what was already sent before the close, as a pipe would.
    this.#flush();
    this.#closed = true;
    this.#queue = [];
    const sink = this.#sink;
    if (sink !== undefined)
      queueMicrotask(() => {
        sink.closed();
      });
  }
}

/** Creates two linked transports, `[client, server]`. The default test harness. */
export function createInMemoryPair(options?: InMemoryPairOptions): [client: InMemoryTransport, server: InMemoryTransport] {
  const client = new InMemoryTransport();
  const server = new InMemoryTransport(options?.serverInfo);
  InMemoryTransport.link(client, server);
  return [client, server];
}
