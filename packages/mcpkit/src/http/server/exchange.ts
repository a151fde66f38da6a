/**
 * The small request/response abstraction the HTTP protocol logic is written
 * against. Each face implements it once: the web face over `Request` and a
 * `Response` promise, the Node face directly over `IncomingMessage` and
 * `ServerResponse` (no web objects are built per request on Node).
 *
 * @module
 */
import type { HeaderMap } from '../wire/headers.js';

/** What a handler may read about the HTTP request (also handed to MCP handlers as `MessageInfo.transport`). */
export interface HttpRequestInfo {
  /** The method, upper case. */
  readonly method: string;
  /** The path of the URL, without the query. */
  readonly path: string;
  /** A query parameter, decoded. */
  query(name: string): string | undefined;
  /** A header by lower-case name; repeated headers are joined with `, `. */
  header(name: string): string | undefined;
  /**
   * The peer's IP address as the socket saw it (never a forwarding header,
   * which the client writes), where the runtime tells it: the Node face does;
   * the web face, and a request relayed from another process, do not.
   */
  readonly remoteAddress?: string | undefined;
}

/**
 * What MCP handlers see of the HTTP request, as `ctx.transport`: the request
 * itself and, for a handshake-era request answered on an SSE stream, a way to
 * close that stream's connection early.
 */
export interface HttpTransportInfo extends HttpRequestInfo {
  /** The session id (handshake era). */
  readonly sessionId: string | undefined;
  /**
   * 2025-11-25 sessions: closes the connection carrying this request's answer
   * without ending its stream; the client reconnects after the advised `retry`
   * delay and resumes with `Last-Event-ID` (SEP-1699 polling). Absent in other
   * eras and for messages that are not requests.
   */
  readonly closeSseStream: (() => void) | undefined;
}

/** A request body as the face read it. */
export type BodyRead =
  /** The raw text. */
  | { readonly text: string }
  /** A value a framework already parsed (Express's `req.body`). */
  | { readonly value: unknown }
  /** Longer than the limit: reading stopped there. */
  | { readonly tooLarge: true };

/** A streamed (SSE) response in progress. */
export interface StreamWriter {
  /** False once ended by either side. */
  readonly open: boolean;
  /** Writes a chunk of the event stream. Ignored once closed. */
  write(chunk: string): void;
  /** Ends the response. */
  end(): void;
  /** Calls `listener` once when the stream closes, whoever closed it. */
  onClose(listener: () => void): void;
}

/** One HTTP request and the means to answer it, exactly once. */
export interface HttpExchange extends HttpRequestInfo {
  /** Credentials the runtime attached (a framework's `req.auth`), opaque here. */
  readonly auth: unknown;
  /** True once `respond` or `stream` was called. */
  readonly answered: boolean;
  /** Fires when the client goes away before the response is complete. */
  readonly signal: AbortSignal;
  /**
   * Calls `listener` once (at once, if it already happened) when the client
   * goes away before the response is complete: what `signal` tells, without
   * making one (on Node, an AbortController per request).
   */
  onAbort(listener: () => void): void;
  /** Reads the whole body, stopping as soon as it exceeds `limit` bytes. */
  readBody(limit: number): Promise<BodyRead>;
  /** Sends a complete response. */
  respond(status: number, headers: HeaderMap, body?: string): void;
  /** Starts a streamed response and returns its writer. */
  stream(status: number, headers: HeaderMap): StreamWriter;
}
