/**
 * An exchange whose responses all carry some extra headers (CORS), so the
 * request-handling steps never need to know about them.
 *
 * @module
 */
import type { HeaderMap } from '../wire/headers.js';
import type { BodyRead, HttpExchange, StreamWriter } from './exchange.js';

class HeaderedExchange implements HttpExchange {
  readonly #inner: HttpExchange;
  readonly #extra: HeaderMap;

  constructor(inner: HttpExchange, extra: HeaderMap) {
    this.#inner = inner;
    this.#extra = extra;
  }

  get method(): string {
    return this.#inner.method;
  }
  get path(): string {
    return this.#inner.path;
  }
  get auth(): unknown {
    return this.#inner.auth;
  }
  get answered(): boolean {
    return this.#inner.answered;
  }
  get signal(): AbortSignal {
    return this.#inner.signal;
  }
  onAbort(listener: () => void): void {
    this.#inner.onAbort(listener);
  }
  query(name: string): string | undefined {
    return this.#inner.query(name);
  }
  header(name: string): string | undefined {
    return this.#inner.header(name);
  }
  readBody(limit: number): Promise<BodyRead> {
    return this.#inner.readBody(limit);
  }
  respond(status: number, headers: HeaderMap, body?: string): void {
    this.#inner.respond(status, { ...headers, ...this.#extra }, body);
  }
  stream(status: number, headers: HeaderMap): StreamWriter {
    return this.#inner.stream(status, { ...headers, ...this.#extra });
  }
}

/** `exchange`, with `extra` added to every response's headers. */
export function withHeaders(exchange: HttpExchange, extra: HeaderMap): HttpExchange {
  return new HeaderedExchange(exchange, extra);
}
