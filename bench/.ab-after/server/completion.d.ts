/**
 * Completion of prompt arguments and template variables
 * (`completion/complete`), with the values of earlier arguments as context.
 *
 * @module
 */
import type { CompleteResult } from '../protocol/types/index.js';
/** What a completer knows besides the partial value. */
export interface CompletionContext {
    /** Values of the other arguments the user already filled in. */
    readonly arguments: Readonly<Record<string, string>>;
}
/** Suggests values for one argument, given what the user typed so far. */
export type Completer = (value: string, context: CompletionContext) => readonly string[] | Promise<readonly string[]>;
/** Runs a completer and shapes its answer: at most 100 values, with `total` and `hasMore`. */
export declare function complete(completer: Completer | undefined, value: string, context: CompletionContext): Promise<CompleteResult>;
/** A completer over a fixed list: the entries that start with what was typed (case-insensitive). */
export declare function completeFrom(options: readonly string[]): Completer;
//# sourceMappingURL=completion.d.ts.map