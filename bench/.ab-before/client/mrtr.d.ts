import type { InputResponse } from '../protocol/types/index.js';
/** Params of one round: the caller's, plus the previous round's answers. */
export type RoundParams = Readonly<Record<string, unknown>>;
/** How {@link runRounds} reaches the server and the application. */
export interface RoundsOptions {
    /** The most `input_required` results answered before the call fails. */
    readonly maxRounds: number;
    /** Sends one round as a new request. */
    readonly send: (params: RoundParams) => Promise<unknown>;
    /** Answers one input request. */
    readonly answer: (method: string, params: unknown) => Promise<InputResponse>;
}
/** The complete result, and whether it came from a retry (retries are never cached). */
export interface RoundsOutcome {
    readonly result: unknown;
    readonly retried: boolean;
}
/** Runs a call to completion through as many input rounds as the server needs (at most `maxRounds`). */
export declare function runRounds(method: string, params: RoundParams, options: RoundsOptions): Promise<RoundsOutcome>;
//# sourceMappingURL=mrtr.d.ts.map