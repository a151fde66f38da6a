/**
 * The HTTP of authorization: metadata GETs and form POSTs over `fetch`
 * (runtime-neutral; any `fetch` may be given). Bodies are read as JSON objects;
 * anything else is "not there".
 *
 * @module
 */
import type { FetchLike } from '../http/client/fetchHttpClient.js';
import { AuthorizationError } from './authorizationError.js';
import { isObject } from './metadata.js';

/** What a JSON request returned: the status, the headers, the body when it was a JSON object. */
export interface JsonReply {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  readonly body: Record<string, unknown> | undefined;
}

/** The `fetch` authorization uses, and its abort signal. */
export interface AuthHttp {
  readonly fetch: FetchLike;
  readonly signal?: AbortSignal | undefined;
}

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
  let response: Response;
  try {
    response = await http.fetch(url.href, { ...init, signal: http.signal ?? null });
  } catch (error) {
    if (http.signal?.aborted === true) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new AuthorizationError('discovery_failed', `${init.method ?? 'GET'} ${url.href} failed: ${reason}`, { cause: error });
  }
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, body: isObject(body) ? body : undefined };
}

/** The OAuth error of a refused request, as `invalid_grant (the code expired)`; never anything else of the body. */
export function oauthError(reply: JsonReply): string {
  const error = reply.body?.['error'];
  const description = reply.body?.['error_description'];
  const code = typeof error === 'string' ? error.slice(0, 100) : `HTTP ${reply.status}`;
  return typeof description === 'string' ? `${code} (${description.slice(0, 300)})` : code;
}
