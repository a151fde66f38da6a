/**
 * HTTP failures on the client side. An HTTP error response that carries a
 * JSON-RPC error for the request is an answer and reaches the caller as that
 * error; anything else (an HTML 404, an empty 400, a dropped connection) is a
 * local failure of the transport, `HttpTransportError`, which keeps the status
 * so the client's era negotiation can decide to fall back.
 *
 * @module
 */
import { LocalError } from '../../jsonrpc/localError.js';
import type { JsonRpcErrorResponse, RequestId } from '../../jsonrpc/message.js';
/** The transport could not carry a message: the server answered with an HTTP error that is not a JSON-RPC answer, or the request failed. */
export declare class HttpTransportError extends LocalError {
    /** The HTTP status, or undefined when no response arrived (network failure, stream cut). */
    readonly status: number | undefined;
    constructor(status: number | undefined, message: string, options?: {
        cause?: unknown;
    });
}
/** What an HTTP error body means for the request that got it. */
export type ErrorBody = 
/** JSON-RPC error responses that answer the request: deliver them. */
{
    readonly kind: 'answer';
    readonly responses: readonly JsonRpcErrorResponse[];
}
/** No answer in the body; `detail` is the server's message, if any. */
 | {
    readonly kind: 'none';
    readonly detail: string | undefined;
};
/**
 * Reads an HTTP error body. An error response whose id is one of the request's
 * is its answer; an id-less one with a modern code (-32020/-32021/-32022/-32601)
 * answers a single request too (the server could not or did not echo the id).
 */
export declare function readErrorBody(text: string, requestIds: readonly RequestId[]): ErrorBody;
/** The error for an HTTP response that answered nothing: `HTTP 404 Not Found (POST initialize): <server message>`. */
export declare function statusError(status: number, statusText: string, detail: string | undefined, what: string): HttpTransportError;
//# sourceMappingURL=httpError.d.ts.map