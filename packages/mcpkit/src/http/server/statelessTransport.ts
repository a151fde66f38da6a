/**
 * The transport of one 2026-07-28 request: it lives for one POST. The answer
 * is plain JSON when the response comes first (its HTTP status from the error
 * table), or an SSE stream when notifications come before it. The client
 * closing the connection cancels the request: once the stream is open, its
 * close ends the transport; before that, the exchange's signal does, read
 * only when the handler watches its own signal (on Node, watching costs an
 * AbortController and a listener per request). A handler that never watches
 * runs to its end, and its answer goes nowhere.
 *
 * @see 2026-07-28 `basic/transports/streamable-http.mdx#receiving-messages`, `#cancellation`
 * @module
 */
import { encode } from '../../jsonrpc/codec.js';
import { LocalError } from '../../jsonrpc/localError.js';
import type { JsonRpcMessage, JsonRpcPayload } from '../../jsonrpc/message.js';
import type { MessageInfo, NetworkKind, Transport, TransportSink } from '../../jsonrpc/transport.js';
import type { HttpExchange, StreamWriter } from './exchange.js';
import type { KeepAlive } from './keepAlive.js';
import { RequestView } from './requestView.js';
import { JSON_HEADERS, messageEvent, SSE_HEADERS } from '../wire/sse.js';
import { statusOfResponse } from '../wire/status.js';

const RESOLVED = Promise.resolve();

/** A transport for exactly one request and its answer. */
export class StatelessTransport implements Transport {
  /** How the messages travel (telemetry). */
  readonly network: NetworkKind = { transport: 'tcp', protocol: 'http' };
  readonly #exchange: HttpExchange;
  readonly #keepAlive: KeepAlive;
  #sink: TransportSink | undefined;
  #writer: StreamWriter | undefined;
  #answered = false;
  #closed = false;
  #watching = false;

  constructor(exchange: HttpExchange, keepAlive: KeepAlive) {
    this.#exchange = exchange;
    this.#keepAlive = keepAlive;
  }

  start(sink: TransportSink): Promise<void> {
    this.#sink = sink;
    return RESOLVED;
  }

  /** Hands the request to the server; a closed connection cancels it (once watched) and ends the transport. */
  deliver(message: JsonRpcMessage): void {
    this.#sink?.receive(message, new StatelessInfo(this, this.#exchange));
  }

  /** @internal The exchange's signal, and this transport closing when it fires (see `StatelessInfo`). */
  watch(): AbortSignal {
    const signal = this.#exchange.signal;
    if (!this.#watching) {
      this.#watching = true;
      // On the next microtask: the reader (the engine linking its request's signal) finishes first.
      if (signal.aborted) queueMicrotask(() => void this.close());
      else signal.addEventListener('abort', () => void this.close(), { once: true });
    }
    return signal;
  }

  send(payload: JsonRpcPayload): Promise<void> {
    if (this.#answered || Array.isArray(payload)) return RESOLVED;
    const message = payload as JsonRpcMessage;
    // 2026-07-28 streams never carry requests to the client (input requests travel in results).
    if ('method' in message && 'id' in message) return RESOLVED;
    let data: string;
    try {
      data = encode(message);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new LocalError('INVALID_ARGUMENT', String(error)));
    }
    const final = !('method' in message);
    if (this.#writer === undefined) {
      if (final) {
        this.#exchange.respond(statusOfResponse(message), JSON_HEADERS, data);
        this.#end();
        return RESOLVED;
      }
      this.#writer = this.#exchange.stream(200, SSE_HEADERS);
      this.#keepAlive.add(this.#writer);
      this.#writer.onClose(() => void this.close());
    }
    this.#writer.write(messageEvent(data));
    if (final) {
      this.#writer.end();
      this.#end();
    }
    return RESOLVED;
  }

  close(): Promise<void> {
    if (this.#closed) return RESOLVED;
    this.#closed = true;
    this.#writer?.end();
    this.#sink?.closed();
    return RESOLVED;
  }

  /** Answered: the session closes once the engine has finished its turn. */
  #end(): void {
    this.#answered = true;
    queueMicrotask(() => void this.close());
  }
}

/**
 * What the engine learns of the request: its signal is read (and watched)
 * only if the handler reads its own. A class, not an object literal with a
 * getter: V8 makes those in a way that outlives young-generation collections,
 * and a stateless server makes one per request (measured: +25 MB of RSS over
 * 6,000 requests).
 */
class StatelessInfo implements MessageInfo {
  readonly auth: unknown;
  readonly transport: RequestView;
  readonly #owner: StatelessTransport;

  constructor(owner: StatelessTransport, exchange: HttpExchange) {
    this.#owner = owner;
    this.auth = exchange.auth;
    this.transport = new RequestView(exchange, undefined, undefined);
  }

  get signal(): AbortSignal {
    return this.#owner.watch();
  }
}
