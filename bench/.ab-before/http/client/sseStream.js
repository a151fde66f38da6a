/**
 * Follows one SSE stream to its end, resuming it when it drops: remembers the
 * stream's last event id and reconnects with `GET` + `Last-Event-ID`, waiting
 * the server's `retry` (SEP-1699) and backing off on failures.
 *
 * @see 2025-11-25 `basic/transports.mdx#resumability-and-redelivery`
 * @module
 */
import { discard, mediaType } from './fetcher.js';
import { HttpTransportError, statusError } from './httpError.js';
import { reconnectDelay, sleep } from './reconnect.js';
import { SseParser } from './sseParser.js';
/**
 * Reads `first`, and its resumptions, until `done()`, a clean end that cannot
 * be resumed, or abort. Rejects with `HttpTransportError` when the stream broke
 * and could not be resumed, or with the abort reason.
 */
export async function followStream(first, options) {
    const state = { lastEventId: undefined, retryMs: undefined };
    let response = first;
    for (;;) {
        const parser = new SseParser({
            event: (event) => {
                if (event.type === 'message' && event.data.trim() !== '')
                    options.onMessage(event.data);
            },
            retry: (ms) => {
                state.retryMs = ms;
            },
        }, state.lastEventId);
        let broken;
        try {
            if ((await readBody(response, parser, options.done)) === 'stopped')
                return;
        }
        catch (error) {
            if (options.signal.aborted)
                throw error;
            broken = error;
        }
        state.lastEventId = parser.lastEventId;
        if (options.done())
            return;
        if (options.reconnect === undefined || (options.needsEventId && state.lastEventId === undefined)) {
            if (broken === undefined)
                return;
            const reason = broken instanceof Error ? broken.message : 'read failed';
            throw new HttpTransportError(undefined, `SSE stream broke and cannot be resumed: ${reason}`, { cause: broken });
        }
        response = await reopen(options, options.reconnect, state);
    }
}
/** Statuses worth another attempt: the server is busy, or still holds the dropped connection (409). */
function retryable(status) {
    return status === 408 || status === 409 || status === 425 || status === 429 || status >= 500;
}
async function reopen(options, reconnect, state) {
    let failures = 0;
    let last;
    for (;;) {
        if (failures > options.policy.maxRetries) {
            const status = last instanceof HttpTransportError ? last.status : undefined;
            throw new HttpTransportError(status, `Could not resume the SSE stream after ${String(failures)} attempts`, { cause: last });
        }
        await sleep(reconnectDelay(options.policy, failures, state.retryMs), options.signal);
        let response;
        try {
            response = await reconnect(state.lastEventId, options.signal);
        }
        catch (error) {
            if (options.signal.aborted)
                throw error;
            failures++;
            last = error;
            continue;
        }
        if (response.ok && mediaType(response) === 'text/event-stream')
            return response;
        discard(response);
        const error = statusError(response.status, response.statusText, undefined, 'GET (resume SSE stream)');
        if (response.ok || !retryable(response.status))
            throw error;
        failures++;
        last = error;
    }
}
/** Reads a body into the parser; stops early (and cancels the body) once `stop()` is true. */
async function readBody(response, parser, stop) {
    const body = response.body;
    if (body === null)
        return 'ended';
    const reader = body.getReader();
    const decoder = new TextDecoder();
    for (;;) {
        const chunk = await reader.read();
        if (chunk.done) {
            parser.push(decoder.decode());
            parser.end();
            return 'ended';
        }
        parser.push(decoder.decode(chunk.value, { stream: true }));
        if (stop()) {
            reader.cancel().catch(() => undefined);
            return 'stopped';
        }
    }
}
//# sourceMappingURL=sseStream.js.map