/**
 * Multi round-trip requests (MRTR, 2026-07-28). A server that needs input to
 * finish `tools/call`, `resources/read` or `prompts/get` answers
 * `resultType: "input_required"` with the requests it wants answered; the
 * client fulfils them and retries the original request with the answers and
 * the opaque `requestState`.
 *
 * @see https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr
 * @module
 */
import type { Result } from './base.js';
import type { ElicitParams, ElicitResult } from './elicitation.js';
import type { ListRootsParams, ListRootsResult } from './roots.js';
import type { CreateMessageParams, CreateMessageResult } from './sampling.js';
/** Asks the client to elicit input from the user. */
export interface ElicitInputRequest {
    /** The request kind. */
    readonly method: 'elicitation/create';
    /** What to ask. */
    readonly params: ElicitParams;
}
/** Asks the client to sample its LLM (deprecated in 2026-07-28). */
export interface CreateMessageInputRequest {
    /** The request kind. */
    readonly method: 'sampling/createMessage';
    /** What to sample. */
    readonly params: CreateMessageParams;
}
/** Asks the client for its roots (deprecated in 2026-07-28). */
export interface ListRootsInputRequest {
    /** The request kind. */
    readonly method: 'roots/list';
    /** Optional metadata. */
    readonly params?: ListRootsParams;
}
/** A request the server wants the client to fulfil before it retries. */
export type InputRequest = ElicitInputRequest | CreateMessageInputRequest | ListRootsInputRequest;
/** Input requests by server-assigned key; keys are unique within the request. */
export interface InputRequests {
    /** One input request. */
    readonly [key: string]: InputRequest;
}
/** The client's answer to one {@link InputRequest}. */
export type InputResponse = ElicitResult | CreateMessageResult | ListRootsResult;
/** Answers keyed like the {@link InputRequests} they fulfil. */
export interface InputResponses {
    /** One answer. */
    readonly [key: string]: InputResponse;
}
/** The answer of a request that cannot finish without more input. */
export interface InputRequiredResult extends Result {
    /** Marks the result as needing input. */
    readonly resultType: 'input_required';
    /** What the client should fulfil; at least one of this and `requestState` is present. */
    readonly inputRequests?: InputRequests;
    /** Opaque server state the client echoes on the retry. */
    readonly requestState?: string;
}
/** The fields a retried request carries (2026-07-28+: `tools/call`, `resources/read`, `prompts/get`). */
export interface InputResponseRequestParams {
    /** Answers to the previous `InputRequiredResult.inputRequests`. */
    readonly inputResponses?: InputResponses;
    /** The previous `InputRequiredResult.requestState`, echoed verbatim. */
    readonly requestState?: string;
}
//# sourceMappingURL=mrtr.d.ts.map