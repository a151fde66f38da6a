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
import { ErrorCode } from '../../protocol/errorCodes.js';
/** The transport could not carry a message: the server answered with an HTTP error that is not a JSON-RPC answer, or the request failed. */
export class HttpTransportError extends LocalError {
    /** The HTTP status, or undefined when no response arrived (network failure, stream cut). */
    status;
    constructor(status, message, options) {
        super('TRANSPORT_FAILED', message, options);
        this.name = 'HttpTransportError';
        this.status = status;
    }
}
/**
 * Codes by which a server that speaks 2026-07-28 or later identifies itself in
 * an HTTP error body: seeing one means "modern server", never "fall back".
 */
const MODERN_CODES = new Set([
    ErrorCode.HeaderMismatch,
    ErrorCode.MissingRequiredClientCapability,
    ErrorCode.UnsupportedProtocolVersion,
    ErrorCode.MethodNotFound,
]);
function isErrorResponse(value) {
    if (typeof value !== 'object' || value === null)
        return false;
    const error = value['error'];
    if (typeof error !== 'object' || error === null)
        return false;
    const e = error;
    return Number.isInteger(e['code']) && typeof e['message'] === 'string';
}
/**
 * Reads an HTTP error body. An error response whose id is one of the request's
 * is its answer; an id-less one with a modern code (-32020/-32021/-32022/-32601)
 * answers a single request too (the server could not or did not echo the id).
 */
export function readErrorBody(text, requestIds) {
    let value;
    try {
        value = text.trim() === '' ? undefined : JSON.parse(text);
    }
    catch {
        return { kind: 'none', detail: snippet(text) };
    }
    const items = Array.isArray(value) ? value : [value];
    const answers = [];
    let detail;
    for (const item of items) {
        if (!isErrorResponse(item))
            continue;
        detail ??= item.error.message;
        const id = item.id;
        if ((typeof id === 'string' || typeof id === 'number') && requestIds.includes(id))
            answers.push(item);
        else if ((id === undefined || id === null) && requestIds.length === 1 && MODERN_CODES.has(item.error.code)) {
            answers.push({ jsonrpc: '2.0', id: requestIds[0], error: item.error });
        }
    }
    if (answers.length > 0)
        return { kind: 'answer', responses: answers };
    return { kind: 'none', detail: detail ?? (value === undefined ? undefined : snippet(text)) };
}
function snippet(text) {
    const t = text.trim().replace(/\s+/g, ' ');
    if (t === '')
        return undefined;
    return t.length > 200 ? `${t.slice(0, 200)}…` : t;
}
/** The error for an HTTP response that answered nothing: `HTTP 404 Not Found (POST initialize): <server message>`. */
export function statusError(status, statusText, detail, what) {
    const head = `HTTP ${String(status)}${statusText === '' ? '' : ` ${statusText}`}`;
    return new HttpTransportError(status, `${head} (${what})${detail === undefined ? '' : `: ${detail}`}`);
}
//# sourceMappingURL=httpError.js.map