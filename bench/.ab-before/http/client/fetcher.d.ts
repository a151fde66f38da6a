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
export declare function send(context: FetchContext, request: HttpRequest): Promise<Response>;
/** The media type of a response, lower-cased, without parameters (`text/event-stream`). */
export declare function mediaType(response: Response): string;
/** Reads and discards a body we do not need, so the connection can be reused. */
export declare function discard(response: Response): void;
//# sourceMappingURL=fetcher.d.ts.map