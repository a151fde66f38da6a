/**
 * The HTTP of authorization: metadata GETs and form POSTs over `fetch`
 * (runtime-neutral; any `fetch` may be given). Bodies are read as JSON objects;
 * anything else is "not there". Every URL, and every redirect's, passes the
 * authorization's {@link AddressRule} before it is fetched; redirects are
 * followed here (GETs only), not by `fetch`, so that each hop is checked.
 * Nothing of a refused or failed response's body reaches an error message
 * but an OAuth error code and description.
 *
 * @module
 */
import type { FetchLike } from '../http/client/fetchHttpClient.js';
import type { AddressRule } from './addressRule.js';
import { AuthorizationError } from './authorizationError.js';
import { isObject } from './metadata.js';
import { secureUrl } from './secureUrl.js';

/** What a JSON request returned: the status, the headers, the body when it was a JSON object. */
export interface JsonReply {
  readonly status: number;
  /** The Content-Type header, or "". */
  readonly contentType: string;
  readonly headers: { get(name: string): string | null };
  readonly body: Record<string, unknown> | undefined;
}

/** The `fetch` authorization uses, and its abort signal. */
export interface AuthHttp {
  readonly fetch: FetchLike;
  readonly signal?: AbortSignal | undefined;
  /** Where the URLs may lead (absent: URLs the user configured, held to https or loopback http only). */
  readonly rule?: AddressRule | undefined;
}

/** Redirects a metadata GET follows, at most. */
const MAX_REDIRECTS = 5;
const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** GETs `url`; a network failure is a discovery failure that names the URL. */
export async function getJson(http: AuthHttp, url: URL, headers: Record<string, string> = {}): Promise<JsonReply> {
  return request(http, url, { method: 'GET', headers: { accept: 'application/json', ...headers } });
}

/** POSTs a form (`application/x-www-form-urlencoded`) or a JSON body. */
export async function postJson(
  http: AuthHttp,
  url: URL,
  body: URLSearchParams | Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<JsonReply> {
  const form = body instanceof URLSearchParams;
  return request(http, url, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
      ...headers,
    },
    body: form ? body.toString() : JSON.stringify(body),
  });
}

async function request(http: AuthHttp, url: URL, init: RequestInit): Promise<JsonReply> {
  let current = checkUrl(http, url, 'The URL');
  for (let hops = 0; ; hops++) {
    const response = await send(http, current, init);
    const location = REDIRECTS.has(response.status) ? response.headers.get('location') : null;
    if (location === null || init.method !== 'GET') return read(response);
    await response.body?.cancel().catch(() => undefined);
    if (hops >= MAX_REDIRECTS)
      throw new AuthorizationError('discovery_failed', `GET ${url.href} was redirected more than ${MAX_REDIRECTS} times`);
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      throw new AuthorizationError('discovery_failed', `GET ${current.href} was redirected to an invalid URL`);
    }
    current = checkUrl(http, next, `The redirect of ${current.href} to`);
  }
}

/** `url` checked by the authorization's rule (or, for a URL the user configured, by the https rule); `what` names it in errors. */
export function checkUrl(http: AuthHttp, url: string | URL, what: string): URL {
  return http.rule === undefined ? secureUrl(url, what) : http.rule.checkUrl(url, what);
}

async function send(http: AuthHttp, url: URL, init: RequestInit): Promise<Response> {
  try {
    const response = await http.fetch(url.href, { ...init, redirect: 'manual', signal: http.signal ?? null });
    // A browser hides where an opaque redirect leads: it cannot be checked, so it is not followed.
    if (response.type === 'opaqueredirect')
      throw new AuthorizationError(
        'discovery_failed',
        `${init.method ?? 'GET'} ${url.href} was redirected where this runtime cannot see`,
      );
    return response;
  } catch (error) {
    if (http.signal?.aborted === true || error instanceof AuthorizationError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new AuthorizationError('discovery_failed', `${init.method ?? 'GET'} ${url.href} failed: ${reason}`, { cause: error });
  }
}

async function read(response: Response): Promise<JsonReply> {
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    headers: response.headers,
    body: isObject(body) ? body : undefined,
  };
}

/** RFC 6749 §5.2: the characters of `error` and `error_description`. */
const OAUTH_TEXT = /^[\x20\x21\x23-\x5b\x5d-\x7e]+$/;

/**
 * The OAuth error of a refused request, as `invalid_grant (the code expired)`:
 * its `error` and `error_description` where they are OAuth error text, else
 * only the status and content type. Nothing else of a body is ever repeated: a
 * response may be some other service's, and its content is not for our messages.
 */
export function oauthError(reply: JsonReply): string {
  const error = reply.body?.['error'];
  const description = reply.body?.['error_description'];
  if (typeof error !== 'string' || error.length > 100 || !OAUTH_TEXT.test(error))
    return `HTTP ${reply.status}${reply.contentType === '' ? '' : ` (${reply.contentType.slice(0, 100)})`}`;
  return typeof description === 'string' && description.length <= 300 && OAUTH_TEXT.test(description)
    ? `${error} (${description})`
    : error;
}
