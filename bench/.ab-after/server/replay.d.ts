import type { ClientCapabilities, InputRequests } from '../protocol/types/index.js';
import type { Revision } from '../protocol/versions.js';
import type { AskOptions, InputChannel, InputMethods } from './context.js';
import type { Sealer } from './seal.js';
type Method = keyof InputMethods;
/** What binds a `requestState` to one request of one principal. */
export interface ReplayBinding {
    readonly method: string;
    readonly params: Readonly<Record<string, unknown>>;
    readonly principal: string | undefined;
}
/** Answers one round's input requests from what the client sent, and collects the missing ones. */
export declare class ReplayChannel implements InputChannel {
    #private;
    /** Resolves when the handler waits for input it does not have (after it had a turn to ask for more). */
    readonly stalled: Promise<void>;
    constructor(answers: Readonly<Record<string, unknown>>, caps: ClientCapabilities, revision: Revision);
    ask<M extends Method>(method: M, params: InputMethods[M]['params'], options: AskOptions | undefined): Promise<InputMethods[M]['result']>;
    /** The input requests still unanswered. */
    get inputRequests(): InputRequests;
    /** The answers this round used (carried into the next round's state). */
    get answers(): Readonly<Record<string, unknown>>;
}
/** Seals and opens `requestState`. */
export declare class RequestStateCodec {
    #private;
    constructor(sealer: Sealer, ttlMs: number);
    /** Seals the answers so far for the next round of `binding`'s request. */
    seal(binding: ReplayBinding, answers: Readonly<Record<string, unknown>>): Promise<string>;
    /** The answers sealed in `state`, after checking it belongs to this request; -32602 otherwise. */
    open(state: unknown, binding: ReplayBinding): Promise<Readonly<Record<string, unknown>>>;
}
/** JSON with object keys sorted, so equal values always digest equally. */
export declare function canonicalJson(value: unknown): string;
export {};
//# sourceMappingURL=replay.d.ts.map