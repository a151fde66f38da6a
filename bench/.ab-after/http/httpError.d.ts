import type { RequestId } from '../jsonrpc/message.js';
import { RpcError } from '../jsonrpc/rpcError.js';
import type { HeaderMap } from './exchange.js';
/**
 * The HTTP status of a JSON-RPC error answered on a 2026-07-28 request
 * (Streamable HTTP, `#protocol-version-header` and `#server-validation`).
 * Codes not listed travel in-band, on 200.
 */
export declare const HTTP_STATUS_OF_ERROR: Readonly<Record<number, number>>;
/** The HTTP status of a 2026-07-28 response: 200, or the table's status for its error code. */
export declare function statusOfResponse(message: unknown): number;
/** A rejection that is both a JSON-RPC error and an HTTP status. */
export declare class HttpError extends RpcError {
    /** The HTTP status. */
    readonly status: number;
    /** Extra response headers (`Allow`, `Retry-After`). */
    readonly headers: HeaderMap | undefined;
    constructor(status: number, code: number, message: string, options?: {
        data?: unknown;
        headers?: HeaderMap;
    });
    /** The JSON-RPC error response body; `id` only when the request's id is known. */
    body(id?: RequestId): string;
    /** 400 with -32600: the HTTP request is not acceptable as MCP. */
    static badRequest(message: string, data?: unknown): HttpError;
    /** 400 with -32020 (2026-07-28): a header disagrees with the body, or a required one is missing. */
    static headerMismatch(message: string, data?: unknown): HttpError;
    /** 400 with -32602: the request `_meta` of 2026-07-28 is missing or malformed. */
    static invalidMeta(message: string): HttpError;
    /** 404: the session does not exist (any more). */
    static sessionNotFound(): HttpError;
    /** 409: the resource is in use (a second GET stream). */
    static conflict(message: string): HttpError;
    /** 503: no capacity (too many sessions) or shutting down; the client may retry later. */
    static unavailable(message: string): HttpError;
    /** 405 with the methods that are allowed. */
    static methodNotAllowed(allow: string): HttpError;
}
//# sourceMappingURL=httpError.d.ts.map