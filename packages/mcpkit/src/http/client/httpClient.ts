/**
 * The seam between the client transports' protocol logic and the runtime's
 * HTTP stack: one request in, one reply out, its body read whole (JSON) or
 * pushed as text (SSE). Two faces implement it: `FetchHttpClient` over any
 * `fetch` (browsers, Deno, Bun, workers) and, in `mcpkit/node`,
 * `NodeHttpClient` over `node:http` with keep-alive and no web objects.
 *
 * @module
 */
import { Header, mediaTypeOf } from '../wire/headers.js';

/** One HTTP request, as the protocol logic states it. */
export interface HttpClientRequest {
  /** The HTTP method. */
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** Where to. */
  readonly url: URL;
  /** Every header to send; no two names differ only in case. */
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON text of a POST. */
  readonly body?: string;
  /** Aborts the request and its reply's body; the pending promise or read rejects with the signal's reason. */
  readonly signal: AbortSignal;
}

/**
 * The reply to one request: status and headers at once, the body on demand.
 * Exactly one of `text`, `read` or `cancel` must be called, so the connection
 * is released.
 */
export interface HttpReply {
  /** The HTTP status. */
  readonly status: number;
  /** The reason phrase (may be empty). */
  readonly statusText: string;
  /** The URL that answered (after redirects). */
  readonly url: string;
  /** A header by lower-case name; repeated headers are joined with `, `. */
  header(name: string): string | undefined;
  /** The whole body, decoded as UTF-8. */
  text(): Promise<string>;
  /**
   * Pushes the body as UTF-8 text, chunk by chunk (a chunk may end anywhere,
   * never inside a character). Resolves when the body ends or after `cancel`,
   * rejects when the connection breaks or the request's signal aborts.
   */
  read(onText: (text: string) => void): Promise<void>;
  /** Stops reading and releases the body; the connection is reused when that is cheap. Safe to call at any time. */
  cancel(): void;
}

/** Sends HTTP requests: the runtime's face of the client transports. */
export interface HttpClient {
  /** Sends one request; resolves once the status and headers arrived, rejects on a network failure or abort. */
  request(request: HttpClientRequest): Promise<HttpReply>;
}

/** True for a 2xx status. */
export function isOk(reply: HttpReply): boolean {
  return reply.status >= 200 && reply.status < 300;
}

/** The media type of a reply, lower-cased, without parameters (`text/event-stream`). */
export function mediaType(reply: HttpReply): string {
  return mediaTypeOf(reply.header(Header.ContentType));
}
