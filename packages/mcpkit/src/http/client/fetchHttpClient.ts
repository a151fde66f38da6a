/**
 * The `fetch` face of the client transports: what browsers, Deno, Bun and
 * workers use, and what any injected `fetch` (a test double, a proxy-aware
 * one) plugs into. Node gets `NodeHttpClient` from `mcpkit/node` instead,
 * which skips the web objects `fetch` builds per request.
 *
 * @module
 */
import type { HttpClient, HttpClientRequest, HttpReply } from './httpClient.js';

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
    const init: RequestInit = { ...this.#init, method: request.method, headers: request.headers, signal: request.signal };
    if (request.body !== undefined) init.body = request.body;
    const response = await (this.#fetch ?? fetch)(request.url.href, init);
    return new FetchReply(response);
  }
}

/** A `Response` seen through {@link HttpReply}. */
class FetchReply implements HttpReply {
  readonly #response: Response;
  #reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  #cancelled = false;

  constructor(response: Response) {
    this.#response = response;
  }

  get status(): number {
    return this.#response.status;
  }

  get statusText(): string {
    return this.#response.statusText;
  }

  get url(): string {
    return this.#response.url;
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
