/**
 * The `fetch` face of the client transports: what browsers, Deno, Bun and
 * workers use, and what any injected `fetch` (a test double, a proxy-aware
 * one) plugs into. Node gets `NodeHttpClient` from `mcpkit/node` instead,
 * which skips the web objects `fetch` builds per request. Redirects are
 * followed here (`redirect: 'manual'`), so that only the protocol's headers
 * go to another origin; where the runtime hides a redirect's target (a
 * browser's opaque redirect), the request is sent again for `fetch` to
 * follow, with only those headers.
 *
 * @module
 */
import type { HttpClient, HttpClientRequest, HttpReply } from './httpClient.js';
import { crossOriginHeaders, MAX_REDIRECTS, nextHop, REDIRECT_STATUSES, type Hop } from './redirect.js';

/** A `fetch`-compatible function; the global `fetch` is one. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Sends requests with `fetch`. */
export class FetchHttpClient implements HttpClient {
  readonly #fetch: FetchLike | undefined;
  readonly #init: RequestInit | undefined;

  /**
   * @param fetchImpl The `fetch` to use; the global one (looked up per request) when undefined.
   * @param requestInit Extra `fetch` options for every request (credentials, mode, …); method, headers, body and signal are always the request's.
   */
  constructor(fetchImpl?: FetchLike, requestInit?: RequestInit) {
    this.#fetch = fetchImpl;
    this.#init = requestInit;
  }

  async request(request: HttpClientRequest): Promise<HttpReply> {
    const fetchImpl = this.#fetch ?? fetch;
    const own = this.#init?.redirect;
    let hop: Hop = { url: request.url, method: request.method, headers: request.headers, body: request.body };
    // The application chose how redirects go: its choice stands.
    if (own !== undefined && own !== 'follow')
      return new FetchReply(await fetchImpl(hop.url.href, this.#initOf(hop, request.signal, own)));
    for (let hops = 0; ; hops++) {
      const response = await fetchImpl(hop.url.href, this.#initOf(hop, request.signal, 'manual'));
      if (response.type === 'opaqueredirect') {
        const blind = { ...hop, headers: crossOriginHeaders(hop.headers) };
        return new FetchReply(await fetchImpl(hop.url.href, this.#initOf(blind, request.signal, 'follow')));
      }
      const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get('location') : null;
      if (location === null || hops >= MAX_REDIRECTS) return new FetchReply(response, hop.url.href);
      await response.body?.cancel().catch(() => undefined);
      hop = nextHop(hop, response.status, location);
    }
  }

  #initOf(hop: Hop, signal: AbortSignal, redirect: 'follow' | 'error' | 'manual'): RequestInit {
    const init: RequestInit = { ...this.#init, method: hop.method, headers: hop.headers, signal, redirect };
    if (hop.body !== undefined) init.body = hop.body;
    return init;
  }
}

/** A `Response` seen through {@link HttpReply}. */
class FetchReply implements HttpReply {
  readonly #response: Response;
  /** The URL that answered, where `fetch` does not say (a redirect followed here; a test double's reply). */
  readonly #url: string | undefined;
  #reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  #cancelled = false;

  constructor(response: Response, url?: string) {
    this.#response = response;
    this.#url = url;
  }

  get status(): number {
    return this.#response.status;
  }

  get statusText(): string {
    return this.#response.statusText;
  }

  get url(): string {
    return this.#response.url === '' ? (this.#url ?? '') : this.#response.url;
  }

  header(name: string): string | undefined {
    return this.#response.headers.get(name) ?? undefined;
  }

  text(): Promise<string> {
    return this.#response.text();
  }

  async read(onText: (text: string) => void): Promise<void> {
    const body = this.#response.body;
    if (body === null || this.#cancelled) return;
    const reader = body.getReader();
    this.#reader = reader;
    const decoder = new TextDecoder();
    for (;;) {
      const chunk = await reader.read();
      if (this.#isCancelled()) return;
      const text = chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
      if (text !== '') onText(text);
      if (chunk.done) return;
    }
  }

  #isCancelled(): boolean {
    return this.#cancelled;
  }

  cancel(): void {
    if (this.#cancelled) return;
    this.#cancelled = true;
    const cancelled = this.#reader === undefined ? this.#response.body?.cancel() : this.#reader.cancel();
    cancelled?.catch(() => undefined);
  }
}
