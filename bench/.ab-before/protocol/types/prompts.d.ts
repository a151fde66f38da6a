/**
 * Prompts: message templates a server offers for the user to pick.
 *
 * @see https://modelcontextprotocol.io/specification/2026-07-28/server/prompts
 * @module
 */
import type { BaseMetadata, CacheableResult, Icon, Meta, PaginatedParams, PaginatedResult, RequestParams, Result, Role } from './base.js';
import type { ContentBlock } from './content.js';
import type { InputResponseRequestParams } from './mrtr.js';
/** An argument a prompt template takes. */
export interface PromptArgument extends BaseMetadata {
    /** What the argument is. */
    readonly description?: string;
    /** The argument must be given. */
    readonly required?: boolean;
}
/** A prompt or prompt template the server offers. */
export interface Prompt extends BaseMetadata {
    /** What the prompt provides. */
    readonly description?: string;
    /** The arguments it takes. */
    readonly arguments?: readonly PromptArgument[];
    /** Icons to display (2025-11-25+). */
    readonly icons?: readonly Icon[];
    /** Metadata (2025-06-18+). */
    readonly _meta?: Meta;
}
/** One message of a prompt. */
export interface PromptMessage {
    /** Who speaks it. */
    readonly role: Role;
    /** What it says. */
    readonly content: ContentBlock;
}
/** Params of `prompts/list`. */
export type ListPromptsParams = PaginatedParams;
/** Result of `prompts/list`. */
export interface ListPromptsResult extends PaginatedResult, CacheableResult {
    /** One page of prompts. */
    readonly prompts: readonly Prompt[];
}
/** Params of `prompts/get`. */
export interface GetPromptParams extends RequestParams, InputResponseRequestParams {
    /** The prompt to get. */
    readonly name: string;
    /** Values for its arguments. */
    readonly arguments?: {
        readonly [name: string]: string;
    };
}
/** Result of `prompts/get`. May instead be an `InputRequiredResult` (2026-07-28+). */
export interface GetPromptResult extends Result {
    /** What the prompt is. */
    readonly description?: string;
    /** The messages. */
    readonly messages: readonly PromptMessage[];
}
//# sourceMappingURL=prompts.d.ts.map