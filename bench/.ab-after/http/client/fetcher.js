/**
 * The one place HTTP requests leave the client transports: merges the
 * caller's `requestInit`, the caller's headers (static, or a function called
 * per request so a token can be refreshed) and the protocol's own headers, and
 * turns network failures into `HttpTransportError`.
 *
 * @module
 */
import { HttpTransportError } from './httpError.js';
/** Sends one request. Rejects with `HttpTransportError` on a network failure, or with the abort reason if `signal` aborted. */
export async function send(context, request) {
    const headers = new Headers();
    copyHeaders(headers, context.requestInit?.headers);
    const extra = typeof context.headers === 'function' ? await context.headers() : context.headers;
    if (extra !== undefined)
        for (const [name, value] of Object.entries(extra))
            headers.set(name, value);
    for (const [name, value] of Object.entries(request.headers))
        headers.set(name, value);
    const init = { ...context.requestInit, method: request.method, headers, signal: request.signal };
    if (request.body !== undefined)
        init.body = request.body;
    const doFetch = context.fetch ?? fetch;
    try {
        return await doFetch(request.url.href, init);
    }
    catch (error) {
        if (request.signal.aborted)
            throw error;
        const reason = error instanceof Error ? error.message : String(error);
        throw new HttpTransportError(undefined, `${request.what} failed: ${reason}`, { cause: error });
    }
}
/** Copies any form of `HeadersInit` (a `Headers`, pairs, or a record whose values may be lists). */
function copyHeaders(target, init) {
    if (init === undefined || init === null)
        return;
    if (init instanceof Headers) {
        init.forEach((value, name) => {
            target.set(name, value);
        });
        return;
    }
    const entries = Array.isArray(init) ? init : Object.entries(init);
    for (const entry of entries) {
        if (!Array.isArray(entry) || typeof entry[0] !== 'string')
            continue;
        const value = entry[1];
        target.set(entry[0], Array.isArray(value) ? value.join(', ') : String(value));
    }
}
/** The media type of a response, lower-cased, without parameters (`text/event-stream`). */
export function mediaType(response) {
    const value = response.headers.get('content-type') ?? '';
    const semicolon = value.indexOf(';');
    return (semicolon === -1 ? value : value.slice(0, semicolon)).trim().toLowerCase();
}
/** Reads and discards a body we do not need, so the connection can be reused. */
export function discard(response) {
    response.body?.cancel().catch(() => undefined);
}
//# sourceMappingURL=fetcher.js.map