/**
 * The one place HTTP requests leave the client transports, whatever face
 * carries them: adds the caller's headers (static, or a function called per
 * request so a token can be refreshed) under the protocol's own, and turns
 * network failures into `HttpTransportError`.
 *
 * @module
 */
import { LocalError } from '../../jsonrpc/localError.js';
import { authorizedClient, type HttpAuthorizer } from './authorizer.js';
import { FetchHttpClient, type FetchLike } from './fetchHttpClient.js';
import type { HttpClient, HttpClientRequest, HttpReply } from './httpClient.js';
import { HttpTransportError } from './transportError.js';
import type { HeaderMap } from '../wire/headers.js';

/** Extra headers for every request: a map, or a function called before each request (e.g. for a fresh `Authorization`). */
export type HeaderSource = HeaderMap | (() => HeaderMap | Promise<HeaderMap>);

/** How the client transports reach the server; shared by both transports' options. */
export interface HttpTransportOptions {
  /** Extra headers for every request (`Authorization`, say): a map, or a function called before each request. */
  readonly headers?: HeaderSource;
  /** The `fetch` to use. Given, it wins over `httpClient`: requests go through it. */
  readonly fetch?: FetchLike;
  /** Extra `fetch` options for every request (credentials, mode, …). Only its `headers` apply to a non-fetch `httpClient`. */
  readonly requestInit?: RequestInit;
  /**
   * What carries the requests. Default: `fetch` (the global one) from
   * `mcpkit/http`; a `node:http` client with keep-alive from `mcpkit/node`.
   */
  readonly httpClient?: HttpClient;
  /**
   * Authorizes every request and answers the server's 401/403 challenges:
   * `mcpkit/auth`'s `OAuthClient`, or an application's own.
   */
  readonly auth?: HttpAuthorizer;
}

/** What every request of one transport shares. */
export interface HttpContext {
  /** The face that carries requests. */
  readonly client: HttpClient;
  /** The caller's extra headers (`requestInit.headers` included). */
  readonly headers: HeaderSource | undefined;
}

/** One request, with what it is for the error messages. */
export interface HttpRequest extends HttpClientRequest {
  /** For error messages: what was being sent (`POST tools/call`). */
  readonly what: string;
}

/** The context of a transport: an explicit `fetch` wins, then `httpClient`, then the global `fetch`. */
export function httpContext(options: HttpTransportOptions): HttpContext {
  const client =
    options.fetch !== undefined || options.httpClient === undefined
      ? new FetchHttpClient(options.fetch, options.requestInit)
      : options.httpClient;
  return {
    client: options.auth === undefined ? client : authorizedClient(client, options.auth),
    headers: withInitHeaders(options.requestInit?.headers, options.headers),
  };
}

/** Sends one request. Rejects with `HttpTransportError` on a network failure, or with the abort reason if `signal` aborted. */
export function send(context: HttpContext, request: HttpRequest): Promise<HttpReply> {
  const source = context.headers;
  if (source !== undefined) return sendWithHeaders(context, request, source);
  let pending: Promise<HttpReply>;
  try {
    pending = context.client.request(request);
  } catch (error) {
    return Promise.reject(failure(request, error));
  }
  return pending.catch((error: unknown) => {
    throw failure(request, error);
  });
}

async function sendWithHeaders(context: HttpContext, request: HttpRequest, source: HeaderSource): Promise<HttpReply> {
  const extra = typeof source === 'function' ? await source() : source;
  try {
    return await context.client.request({ ...request, headers: mergeHeaders(extra, request.headers) });
  } catch (error) {
    throw failure(request, error);
  }
}

/** What a failed request rejects with: the abort reason as is, anything else as `HttpTransportError`. */
function failure(request: HttpRequest, error: unknown): Error {
  if (request.signal.aborted) return error as Error;
  // An authorization failure already says what went wrong, and never with a secret in it.
  if (error instanceof LocalError && error.name === 'AuthorizationError') return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new HttpTransportError(undefined, `${request.what} failed: ${reason}`, { cause: error });
}

/** Reads and discards a body we do not need, so the connection can be reused. */
export function discard(reply: HttpReply): void {
  reply.cancel();
}

/** `extra` under `own`, names lower-cased so that each header is sent once. */
function mergeHeaders(extra: HeaderMap, own: HeaderMap): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(extra)) headers[name.toLowerCase()] = value;
  for (const [name, value] of Object.entries(own)) headers[name.toLowerCase()] = value;
  return headers;
}

/** The caller's headers with `requestInit.headers` (any `HeadersInit` form) beneath them. */
function withInitHeaders(init: unknown, source: HeaderSource | undefined): HeaderSource | undefined {
  const base = initHeaders(init);
  if (base === undefined) return source;
  if (source === undefined) return base;
  if (typeof source !== 'function') return mergeHeaders(base, source);
  return async () => mergeHeaders(base, await source());
}

/** A `HeadersInit` (a `Headers`, pairs, or a record whose values may be lists) as a map, or undefined when empty. */
function initHeaders(init: unknown): HeaderMap | undefined {
  if (init === undefined || init === null) return undefined;
  const headers: Record<string, string> = {};
  if (init instanceof Headers) {
    init.forEach((value, name) => {
      headers[name] = value;
    });
  } else {
    const entries: unknown[] = Array.isArray(init) ? init : Object.entries(init as Record<string, unknown>);
    for (const entry of entries) {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string') continue;
      const value: unknown = entry[1];
      headers[entry[0].toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    }
  }
  return Object.keys(headers).length === 0 ? undefined : headers;
}
