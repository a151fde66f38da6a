import { ResultCache } from './cache.js';
import type { InputResponder } from './inputs.js';
import { type RoundParams } from './mrtr.js';
import type { CallOptions } from './options.js';
import type { ClientSession } from './session.js';
/** What the pipeline needs from the client. */
export interface PipelineHost {
    /** The current session; throws when not connected. */
    session(): ClientSession;
    readonly inputs: InputResponder;
    /** The result cache, if enabled. */
    readonly cache: ResultCache | undefined;
    readonly maxInputRounds: number;
    /** Sees every complete result (the tool catalog learns output schemas here). */
    observe(method: string, params: RoundParams, result: unknown): void;
}
/** Sends `method` with `params` and resolves with its complete result. */
export declare function callMethod(host: PipelineHost, method: string, params: RoundParams | undefined, options?: CallOptions): Promise<unknown>;
//# sourceMappingURL=pipeline.d.ts.map