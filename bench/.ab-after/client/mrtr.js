/**
 * Multi round-trip requests (2026-07-28), client side. A `tools/call`,
 * `resources/read` or `prompts/get` may be answered `input_required`: the
 * client builds every input listed in `inputRequests` (in parallel), then
 * retries as a new request (a new JSON-RPC id) with the original params,
 * `inputResponses` keyed like `inputRequests`, and `requestState` echoed
 * byte for byte (omitted when none came). The round's `inputRequests` and
 * `requestState` belong to this call alone; nothing else ever sees them.
 *
 * @see https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import { isObject } from '../protocol/check.js';
import { inputRequiredResult } from '../protocol/messageChecks.js';
/** Runs a call to completion through as many input rounds as the server needs (at most `maxRounds`). */
export async function runRounds(method, params, options) {
    let sent = params;
    for (let round = 0;; round++) {
        const result = await options.send(sent);
        if (!isObject(result) || result['resultType'] !== 'input_required')
            return { result, retried: round > 0 };
        const issue = inputRequiredResult(result, 'result');
        if (issue !== undefined)
            throw new LocalError('PROTOCOL_VIOLATION', `Malformed input_required result of ${method}: ${issue}`);
        if (round >= options.maxRounds) {
            throw new LocalError('PROTOCOL_VIOLATION', `${method} still needed input after ${String(options.maxRounds)} rounds (maxInputRounds)`);
        }
        const { inputRequests, requestState } = result;
        // Without inputRequests the client may retry at once (the server shed load, or only needs its state back).
        const responses = inputRequests === undefined ? undefined : await answerAll(inputRequests, options.answer);
        sent = retryParams(params, responses, requestState);
    }
}
/** Builds every requested input, in parallel, keyed like the requests. */
async function answerAll(requests, answer) {
    const entries = Object.entries(requests);
    const answers = await Promise.all(entries.map(([, request]) => answer(request.method, request.params)));
    const responses = {};
    entries.forEach(([key], i) => {
        responses[key] = answers[i];
    });
    return responses;
}
/** The retry's params: the original ones with this round's answers and state (and nothing from earlier rounds). */
function retryParams(original, responses, requestState) {
    const { inputResponses: _answers, requestState: _state, ...base } = original;
    return {
        ...base,
        ...(responses !== undefined && { inputResponses: responses }),
        ...(requestState !== undefined && { requestState }),
    };
}
//# sourceMappingURL=mrtr.js.map