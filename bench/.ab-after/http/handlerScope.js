import { isObject } from '../protocol/check.js';
import { JSON_HEADERS } from './sse.js';
/** Writes a rejection: its status and headers, and a JSON-RPC error body (with the request's id when known). */
export function reject(exchange, error, id) {
    if (exchange.answered)
        return;
    exchange.respond(error.status, error.headers === undefined ? JSON_HEADERS : { ...JSON_HEADERS, ...error.headers }, error.body(id));
}
/** The id of a request body, if it has a readable one (error responses carry it). */
export function requestIdOf(body) {
    if (!isObject(body) || !('method' in body))
        return undefined;
    const id = body['id'];
    return typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id)) ? id : undefined;
}
//# sourceMappingURL=handlerScope.js.map