/**
 * JSON-RPC 2.0 message shapes. This layer knows nothing of MCP: params are any
 * JSON object or array, results any JSON value.
 *
 * @see https://www.jsonrpc.org/specification
 * @module
 */
/** True for a request (has `method` and `id`). */
export function isRequest(message) {
    return 'method' in message && 'id' in message;
}
/** True for a notification (has `method`, no `id`). */
export function isNotification(message) {
    return 'method' in message && !('id' in message);
}
/** True for a result or error response. */
export function isResponse(message) {
    return !('method' in message);
}
/** True for an error response. */
export function isErrorResponse(message) {
    return 'error' in message;
}
//# sourceMappingURL=message.js.map