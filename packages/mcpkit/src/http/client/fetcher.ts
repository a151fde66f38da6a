/**
 * The one place HTTP requests leave the client transports: merges the
 * caller's `requestInit`, the caller's headers (static, or a function called
 * per request so a token can be refreshed) and the protocol's own headers, and
 * turns network failures into `HttpTransportError`.
 *
 * @module
 */
import { HttpTransportError } from './httpError.js';

/** Header names and values. */
export type HeaderMap = Readonly<Record<string, string>>;

/** Extra headers for every request: a map, or a function called before each request (e.g. for a fresh `Authorization`). */
export type HeaderSource = HeaderMap | (() => HeaderMap | Promise<HeaderMap>);

/** A `fetch`-compatible function; the global `fetch` is one. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** What every request of one transport shares. */
export interface FetchContext {
  /** The `fetch` to use; the global one when undefined. */
  readonly fetch: FetchLike | undefined;
  /** The caller's extra headers. */
  readonly headers: HeaderSource | undefined;
  /** Extra `fetch` options (credentials, mode, …); its method, body and signal are always overridden. */
  readonly requestInit: RequestInit | undefined;
}

/** One HTTP request. */
export interface HttpRequest {
  /** The HTTP method. */
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** Where to. */
  readonly url: URL;
  /** Protocol headers; they win over the caller's headers of the same name. */
  readonly headers: HeaderMap;
  /** The JSON text of a POST. */
  readonly body?: string;
  /** Aborts the request and its response body. */
  readonly signal: AbortSignal;
  /** For error messages: what was being sent (`POST tools/call`). */
  readonly what: string;
}

/** Sends one request. Rejects with `HttpTransportError` on a network failure, or with the abort reason if `signal` aborted. */
export async function send(context: FetchContext, request: HttpRequest): Promise<Response> {
  const headers = new Headers();
  copyHeaders(headers, context.requestInit?.headers);
  const extra = typeof context.headers === 'function' ? await context.headers() : context.headers;
  if (extra !== undefined) for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  for (const [name, value] of Object.entries(request.headers)) headers.set(name, value);
  const init: RequestInit = { ...context.requestInit, method: request.method, headers, signal: request.signal };
  if (request.body !== undefined) init.body = request.body;
  const doFetch = context.fetch ?? fetch;
  try {
    return await doFetch(request.url.href, init);
  } catch (error) {
    if (request.signal.aborted) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new HttpTransportError(undefined, `${request.what} failed: ${reason}`, { cause: error });
  }
}

/** Copies any form of `HeadersInit` (a `Headers`, pairs, or a record whose values may be lists). */
function copyHeaders(target: Headers, init: unknown): void {
  if (init === undefined || init === null) return;
  if (init instanceof Headers) {
    init.forEach((value, name) => {
      target.set(name, value);
    });
    return;
  }
  const entries: unknown[] = Array.isArray(init) ? init : Object.entries(init as Record<string, unknown>);
  for (const entry of entries) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string') continue;
    const value: unknown = entry[1];
    target.set(entry[0], Array.isArray(value) ? value.join(', ') : String(value));
  }
}

/** The media type of a response, lower-cased, without parameters (`text/event-stream`). */
export function mediaType(response: Response): string {
  const value = response.headers.get('content-type') ?? '';
  const semicolon = value.indexOf(';');
  return (semicolon === -1 ? value : value.slice(0, semicolon)).trim().toLowerCase();
}

/** Reads and discards a body we do not need, so the connection can be reused. */
export function discard(response: Response): void {
  response.body?.cancel().catch(() => undefined);
}
