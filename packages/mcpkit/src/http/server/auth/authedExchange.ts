/**
 * An exchange whose `auth` is the verified token, whatever the face attached:
 * once the guard has checked a bearer token, sessions, principals and
 * handlers (`ctx.auth`) see only what it verified.
 *
 * @module
 */
import type { AuthInfo } from '../../../server/authInfo.js';
import type { HeaderMap } from '../../wire/headers.js';
import type { BodyRead, HttpExchange, StreamWriter } from '../exchange.js';

class AuthedExchange implements HttpExchange {
  readonly #inner: HttpExchange;
  readonly auth: AuthInfo;

  constructor(inner: HttpExchange, auth: AuthInfo) {
    this.#inner = inner;
    this.auth = auth;
  }

  get method(): string {
    return this.#inner.method;
  }
  get path(): string {
    return this.#inner.path;
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
    this.#inner.respond(status, headers, body);
  }
  stream(status: number, headers: HeaderMap): StreamWriter {
    return this.#inner.stream(status, headers);
  }
}

/** `exchange`, carrying `auth` as its credentials. */
export function withAuth(exchange: HttpExchange, auth: AuthInfo): HttpExchange {
  return new AuthedExchange(exchange, auth);
}
