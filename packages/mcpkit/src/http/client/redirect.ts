/**
 * Following a redirect as `fetch` does (303, and 301/302 after a POST, become
 * a GET), except for what the request carries to another origin: only the
 * protocol's own headers, nothing the user or the authorization added. A
 * server that redirects must not collect the bearer, an `X-Api-Key`, a
 * cookie or any header the user configured for it; `fetch`
 * itself drops only `Authorization` (and cookies), so both HTTP faces (the
 * `fetch` one and `node:http`'s) follow redirects here.
 *
 * @module
 */
import { LocalError } from '../../jsonrpc/localError.js';
import { Header } from '../wire/headers.js';

/** Redirects followed, at most, as `fetch` does. */
export const MAX_REDIRECTS = 20;
/** The statuses that redirect. */
export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
/** The headers that describe a body, dropped when a redirect turns the request into a GET. */
const BODY_HEADERS: ReadonlySet<string> = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-location',
]);

/** One hop of a request: where, how, and with what. */
export interface Hop {
  readonly url: URL;
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
}

/** The headers that describe the message, not who sends it. */
const PROTOCOL: ReadonlySet<string> = new Set([
  'accept',
  'content-type',
  'content-length',
  'content-encoding',
  'user-agent',
  // The session is the answering server's own: a deployment that redirects to another origin keeps it.
  Header.SessionId,
  Header.ProtocolVersion,
  Header.Method,
  Header.Name,
  Header.LastEventId,
]);

/** True for a header that may follow a request to another origin (the protocol's, and the tool's `Mcp-Param-*`). */
export function crossesOrigins(name: string): boolean {
  const lower = name.toLowerCase();
  return PROTOCOL.has(lower) || lower.startsWith(Header.ParamPrefix);
}

/** `headers` with only what may go to another origin. */
export function crossOriginHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => crossesOrigins(name)));
}

/** The next hop after a `status` redirect to `location`; throws `TRANSPORT_FAILED` for a non-HTTP target. */
export function nextHop(hop: Hop, status: number, location: string): Hop {
  let url: URL;
  try {
    url = new URL(location, hop.url);
  } catch (error) {
    throw new LocalError('TRANSPORT_FAILED', `Redirected to an invalid URL from ${hop.url.href}`, { cause: error });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new LocalError('TRANSPORT_FAILED', `Redirected to a non-HTTP URL: ${url.href}`);
  const toGet = status === 303 ? hop.method !== 'GET' : (status === 301 || status === 302) && hop.method === 'POST';
  const crossOrigin = url.origin !== hop.url.origin;
  if (!toGet && !crossOrigin) return { ...hop, url };
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(hop.headers)) {
    const lower = name.toLowerCase();
    if ((toGet && BODY_HEADERS.has(lower)) || (crossOrigin && !crossesOrigins(lower))) continue;
    headers[name] = value;
  }
  return { url, method: toGet ? 'GET' : hop.method, headers, body: toGet ? undefined : hop.body };
}
