/**
 * An exchange whose responses all carry some extra headers (CORS), so the
 * request-handling steps never need to know about them.
 *
 * @module
 */
import type { HeaderMap } from '../wire/headers.js';
import type { HttpExchange, StreamWriter } from './exchange.js';
import { ForwardingExchange } from './forwardingExchange.js';

class HeaderedExchange extends ForwardingExchange {
  readonly #extra: HeaderMap;

  constructor(inner: HttpExchange, extra: HeaderMap) {
    super(inner);
    this.#extra = extra;
  }

  override respond(status: number, headers: HeaderMap, body?: string): void {
    this.inner.respond(status, { ...headers, ...this.#extra }, body);
  }
  override stream(status: number, headers: HeaderMap): StreamWriter {
    return this.inner.stream(status, { ...headers, ...this.#extra });
  }
}

/** `exchange`, with `extra` added to every response's headers. */
export function withHeaders(exchange: HttpExchange, extra: HeaderMap): HttpExchange {
  return new HeaderedExchange(exchange, extra);
}
