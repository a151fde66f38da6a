import { mediaType } from './fetcher.js';
import { HttpTransportError, readErrorBody, statusError } from './httpError.js';
import { followStream } from './sseStream.js';
/** The response to `id` carried by `response`; an HTTP error without a JSON-RPC answer rejects with `HttpTransportError`. */
export async function readAnswer(response, id, what, policy, signal) {
    if (!response.ok) {
        const body = readErrorBody(await response.text().catch(() => ''), [id]);
        if (body.kind === 'answer' && body.responses[0] !== undefined)
            return body.responses[0];
        throw statusError(response.status, response.statusText, body.kind === 'none' ? body.detail : undefined, what);
    }
    let answer;
    const take = (text) => {
        let value;
        try {
            value = JSON.parse(text);
        }
        catch {
            return;
        }
        for (const item of Array.isArray(value) ? value : [value]) {
            if (typeof item === 'object' && item !== null && !('method' in item) && item.id === id)
                answer = item;
        }
    };
    if (mediaType(response) === 'text/event-stream') {
        await followStream(response, { onMessage: take, done: () => answer !== undefined, needsEventId: true, policy, signal });
    }
    else {
        take(await response.text());
    }
    if (answer === undefined)
        throw new HttpTransportError(response.status, `${what}: no response in the body`);
    return answer;
}
//# sourceMappingURL=answer.js.map