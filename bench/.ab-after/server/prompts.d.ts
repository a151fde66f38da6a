import type { GetPromptResult, Icon, Meta, Prompt, PromptArgument, PromptMessage } from '../protocol/types/index.js';
import type { InferOutput, StandardSchemaV1 } from '../schema/standardSchema.js';
import { type ResolvedSchema } from '../schema/toolSchema.js';
import type { Completer } from './completion.js';
import type { ServerContext } from './context.js';
/** What a prompt handler may return: a full result, one user text message, or a list of messages. */
export type PromptReturn = GetPromptResult | string | readonly PromptMessage[];
/** Arguments: a list of declarations (all values strings), or a Standard Schema of an object of strings. */
export type PromptArguments = readonly PromptArgument[] | StandardSchemaV1;
/** The handler's argument type for a prompt's `arguments`. */
export type PromptArgs<A> = A extends StandardSchemaV1 ? InferOutput<A> : Record<string, string | undefined>;
/** How a prompt is declared. */
export interface PromptDefinition<A extends PromptArguments | undefined = PromptArguments | undefined> {
    /** Unique name. */
    readonly name: string;
    /** Human-readable name. */
    readonly title?: string;
    /** What it is for. */
    readonly description?: string;
    /** Its arguments. */
    readonly arguments?: A;
    /** Completers per argument name. */
    readonly complete?: Readonly<Record<string, Completer>>;
    /** Icons for display. */
    readonly icons?: readonly Icon[];
    /** Extra metadata. */
    readonly _meta?: Meta;
}
/** A prompt's handler. */
export type PromptHandler<Args, State = unknown> = (args: Args, ctx: ServerContext<State>) => PromptReturn | Promise<PromptReturn>;
/** A registered prompt. */
export interface PromptEntry {
    readonly definition: PromptDefinition;
    readonly handler: PromptHandler<unknown>;
    readonly wire: Prompt;
    readonly schema: ResolvedSchema | undefined;
}
/** Prepares a prompt definition. */
export declare function preparePrompt(definition: PromptDefinition, handler: PromptHandler<unknown>): PromptEntry;
/** Serves `prompts/get` for one prompt: check arguments, run, shape the result. */
export declare function getPrompt(entry: PromptEntry, args: unknown, ctx: ServerContext): Promise<GetPromptResult>;
//# sourceMappingURL=prompts.d.ts.map