import { SseClientTransport } from './sseClientTransport.js';
/**
 * Opens an HTTP+SSE connection to `url` delivering to `sink`. If there is no
 * such server either, rejects with `cause` (the failure of the POST, which is
 * what the client should see) after reporting why the GET failed.
 */
export async function openSseFallback(url, context, cause, warn, sink) {
    const { fetch, headers, requestInit } = context;
    const legacy = new SseClientTransport({ url, ...(fetch && { fetch }), ...(headers && { headers }), ...(requestInit && { requestInit }) });
    try {
        await legacy.start(sink);
    }
    catch (error) {
        warn(`HTTP+SSE fallback failed: ${error instanceof Error ? error.message : String(error)}`);
        throw cause;
    }
    return legacy;
}
//# sourceMappingURL=sseFallback.js.map