/**
 * The checks every request passes before any MCP work: `Host` and `Origin`
 * (DNS rebinding, cross-site requests), and the content negotiation headers.
 * Each returns the rejection, or `undefined` to go on.
 *
 * @module
 */
import { JsonRpcErrorCode } from '../../jsonrpc/errorCodes.js';
import type { HttpRequestInfo } from './exchange.js';
import { accepts, Header, MediaType, mediaTypeOf } from '../wire/headers.js';
import { HttpError } from './httpError.js';
import type { ResolvedOptions } from './options.js';

/** The host names a loopback server answers to. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** Splits `host[:port]` (IPv6 in brackets) into its lower-case name and port. */
export function splitHost(value: string): { readonly name: string; readonly port: string | undefined } {
  const host = value.trim().toLowerCase();
  const bracket = host.lastIndexOf(']');
  const colon = host.lastIndexOf(':');
  if (colon > bracket && colon > 0) return { name: host.slice(0, colon), port: host.slice(colon + 1) };
  return { name: host, port: undefined };
}

/** True if `host` matches an allow-list entry (`name` matches any port; `name:port` only that port). */
export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const { name, port } = splitHost(host);
  for (const entry of allowed) {
    const e = splitHost(entry);
    if (e.name === name && (e.port === undefined || e.port === port)) return true;
  }
  return false;
}

/** 403 unless the `Host` header is allowed (when an allow-list is configured). */
export function checkHost(req: HttpRequestInfo, options: ResolvedOptions): HttpError | undefined {
  if (options.allowedHosts === undefined) return undefined;
  const host = req.header(Header.Host);
  if (host !== undefined && hostAllowed(host, options.allowedHosts)) return undefined;
  return new HttpError(403, JsonRpcErrorCode.InvalidRequest, 'Forbidden: Host not allowed');
}

/**
 * 403 for a present `Origin` that is not the request's own, not allowed by
 * `allowedOrigins`, and not a configured CORS origin. Requests without
 * `Origin` (non-browser clients) pass.
 */
export function checkOrigin(req: HttpRequestInfo, options: ResolvedOptions): HttpError | undefined {
  const origin = req.header(Header.Origin);
  if (origin === undefined) return undefined;
  const o = origin.toLowerCase();
  if (options.allowedOrigins === '*' || options.allowedOrigins.has(o)) return undefined;
  const cors = options.cors?.origins;
  if (cors === '*' || cors?.some((c) => c.toLowerCase() === o) === true) return undefined;
  const host = req.header(Header.Host)?.toLowerCase();
  const scheme = o.indexOf('://');
  if (host !== undefined && scheme > 0 && o.slice(scheme + 3) === host) return undefined;
  return new HttpError(403, JsonRpcErrorCode.InvalidRequest, 'Forbidden: Origin not allowed');
}

/** 406 unless a POST accepts both JSON and an event stream. */
export function checkPostAccept(req: HttpRequestInfo): HttpError | undefined {
  const accept = req.header(Header.Accept);
  if (accepts(accept, MediaType.Json) && accepts(accept, MediaType.EventStream)) return undefined;
  return new HttpError(
    406,
    JsonRpcErrorCode.InvalidRequest,
    'Not Acceptable: Accept must list application/json and text/event-stream',
  );
}

/** 406 unless a GET accepts an event stream. */
export function checkStreamAccept(req: HttpRequestInfo): HttpError | undefined {
  if (accepts(req.header(Header.Accept), MediaType.EventStream)) return undefined;
  return new HttpError(406, JsonRpcErrorCode.InvalidRequest, 'Not Acceptable: Accept must list text/event-stream');
}

/** 415 unless the body is declared JSON. */
export function checkContentType(req: HttpRequestInfo): HttpError | undefined {
  if (mediaTypeOf(req.header(Header.ContentType)) === MediaType.Json) return undefined;
  return new HttpError(415, JsonRpcErrorCode.InvalidRequest, 'Unsupported Media Type: Content-Type must be application/json');
}
