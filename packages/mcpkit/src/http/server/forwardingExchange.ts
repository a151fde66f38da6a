/**
 * An exchange that hands everything to another one. Wrappers that change
 * one thing about an exchange (its credentials, its response headers) extend
 * it and override only that, so each new member of `HttpExchange` is
 * forwarded in one place.
 *
 * @module
 */
import type { HeaderMap } from '../wire/headers.js';
import type { BodyRead, HttpExchange, StreamWriter } from './exchange.js';

/** Forwards every member of `HttpExchange` to `inner`. */
export abstract class ForwardingExchange implements HttpExchange {
  protected readonly inner: HttpExchange;

  constructor(inner: HttpExchange) {
    this.inner = inner;
  }

  get method(): string {
    return this.inner.method;
  }
  get path(): string {
    return this.inner.path;
  }
  get auth(): unknown {
    return this.inner.auth;
  }
  get answered(): boolean {
    return this.inner.answered;
  }
  get signal(): AbortSignal {
    return this.inner.signal;
  }
  onAbort(listener: () => void): void {
    this.inner.onAbort(listener);
  }
  query(name: string): string | undefined {
    return this.inner.query(name);
  }
  get remoteAddress(): string | undefined {
    return this.inner.remoteAddress;
  }
  header(name: string): string | undefined {
    return this.inner.header(name);
  }
  readBody(limit: number): Promise<BodyRead> {
    return this.inner.readBody(limit);
  }
  respond(status: number, headers: HeaderMap, body?: string): void {
    this.inner.respond(status, headers, body);
  }
  stream(status: number, headers: HeaderMap): StreamWriter {
    return this.inner.stream(status, headers);
  }
}
