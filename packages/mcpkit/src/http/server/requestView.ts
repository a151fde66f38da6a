/**
 * The `ctx.transport` of a handshake-era request: a view of the HTTP request
 * (never the exchange itself, which can answer it) plus the polling hook of
 * its stream.
 *
 * @module
 */
import type { HttpRequestInfo, HttpTransportInfo } from './exchange.js';

/** A read-only view of a session request. */
export class RequestView implements HttpTransportInfo {
  readonly sessionId: string | undefined;
  readonly closeSseStream: (() => void) | undefined;
  readonly #request: HttpRequestInfo;

  constructor(request: HttpRequestInfo, sessionId: string | undefined, closeSseStream: (() => void) | undefined) {
    this.#request = request;
    this.sessionId = sessionId;
    this.closeSseStream = closeSseStream;
  }

  get method(): string {
    return this.#request.method;
  }

  get path(): string {
    return this.#request.path;
  }

  query(name: string): string | undefined {
    return this.#request.query(name);
  }

  header(name: string): string | undefined {
    return this.#request.header(name);
  }

  get remoteAddress(): string | undefined {
    return this.#request.remoteAddress;
  }
}
