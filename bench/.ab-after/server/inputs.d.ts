/**
 * Input requests from inside a handler (`ctx.elicit`, `ctx.sample`,
 * `ctx.listRoots`): the capability checks both eras share, and the handshake
 * era's channel, which sends a real request to the client. The stateless
 * era's channel is in `replay.ts`.
 *
 * @module
 */
import type { RequestContext } from '../jsonrpc/incoming.js';
import { type Check } from '../protocol/check.js';
import type { ClientCapabilities } from '../protocol/types/index.js';
import { type Revision } from '../protocol/versions.js';
import type { AskOptions, InputChannel, InputMethods } from './context.js';
type Method = keyof InputMethods;
/** The structural check each kind of answer must pass before a handler sees it. */
export declare const ANSWER_CHECKS: {
    readonly [M in Method]: Check<InputMethods[M]['result']>;
};
/**
 * Throws unless the client declared what `method` with `params` needs, in
 * this revision. Elicitation: `elicitation` (form: `{}` or `form`; URL mode:
 * `url`); sampling: `sampling` (and `sampling.tools` to pass tools); roots:
 * `roots`.
 */
export declare function assertCanAsk(method: Method, params: Record<string, unknown>, caps: ClientCapabilities, revision: Revision): void;
/** Checks an answer's shape; a malformed one is the client's error (-32602). */
export declare function checkAnswer<M extends Method>(method: M, answer: unknown, label: string): InputMethods[M]['result'];
/** Handshake era: a real server-to-client request, sent on behalf of the request being served. */
export declare class LiveChannel implements InputChannel {
    #private;
    constructor(rpc: RequestContext, caps: ClientCapabilities, revision: Revision);
    ask<M extends Method>(method: M, params: InputMethods[M]['params'], options: AskOptions | undefined): Promise<InputMethods[M]['result']>;
}
/** For requests that cannot ask the client anything (2026-07-28 allows it only in tools/call, resources/read, prompts/get). */
export declare const NO_INPUT: InputChannel;
export {};
//# sourceMappingURL=inputs.d.ts.map