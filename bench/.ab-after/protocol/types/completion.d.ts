/**
 * Completion: argument suggestions for prompts and resource templates.
 *
 * @see https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/completion
 * @module
 */
import type { RequestParams, Result } from './base.js';
/** Names a prompt. */
export interface PromptReference {
    /** Discriminator. */
    readonly type: 'ref/prompt';
    /** The prompt's name. */
    readonly name: string;
    /** Display title (2025-06-18+). */
    readonly title?: string;
}
/** Names a resource or resource template by URI or URI template. */
export interface ResourceTemplateReference {
    /** Discriminator. */
    readonly type: 'ref/resource';
    /** The URI or URI template. */
    readonly uri: string;
}
/** The ≤ 2025-03-26 name of {@link ResourceTemplateReference}. */
export type ResourceReference = ResourceTemplateReference;
/** The argument being completed. */
export interface CompleteArgument {
    /** The argument's name. */
    readonly name: string;
    /** What the user typed so far. */
    readonly value: string;
}
/** What was already resolved (2025-06-18+). */
export interface CompleteContext {
    /** Values of other arguments or template variables. */
    readonly arguments?: {
        readonly [name: string]: string;
    };
}
/** Params of `completion/complete`. */
export interface CompleteParams extends RequestParams {
    /** What is being completed. */
    readonly ref: PromptReference | ResourceTemplateReference;
    /** The argument being completed. */
    readonly argument: CompleteArgument;
    /** Already-resolved arguments (2025-06-18+). */
    readonly context?: CompleteContext;
}
/** Suggestions for one argument. */
export interface Completion {
    /** At most 100 values. */
    readonly values: readonly string[];
    /** How many values exist in all, possibly more than sent. */
    readonly total?: number;
    /** More values exist than were sent. */
    readonly hasMore?: boolean;
}
/** Result of `completion/complete`. */
export interface CompleteResult extends Result {
    /** The suggestions. */
    readonly completion: Completion;
}
//# sourceMappingURL=completion.d.ts.map