/**
 * Sampling: the server asks the client's LLM for a completion. Deprecated in
 * 2026-07-28, where it travels only as an MRTR input request.
 *
 * @see https://modelcontextprotocol.io/specification/2026-07-28/client/sampling
 * @module
 */
import type { Meta, RequestParams, Result, Role } from './base.js';
import type { SamplingMessageContentBlock } from './content.js';
import type { TaskAugmentedParams } from './tasks.js';
import type { Tool } from './tools.js';
/** One message of a sampling conversation. */
export interface SamplingMessage {
    /** Who speaks it. */
    readonly role: Role;
    /** One block, or several (arrays 2025-11-25+). */
    readonly content: SamplingMessageContentBlock | readonly SamplingMessageContentBlock[];
    /** Metadata (2025-06-18+). */
    readonly _meta?: Meta;
}
/** A hint for model selection; the client treats `name` as a substring to match. */
export interface ModelHint {
    /** Part of a model name, e.g. `claude-3-5-sonnet` or a family like `claude`. */
    readonly name?: string;
}
/** The server's advisory preferences for picking a model. */
export interface ModelPreferences {
    /** Hints, evaluated in order. */
    readonly hints?: readonly ModelHint[];
    /** How much cost matters, 0..1. */
    readonly costPriority?: number;
    /** How much speed matters, 0..1. */
    readonly speedPriority?: number;
    /** How much capability matters, 0..1. */
    readonly intelligencePriority?: number;
}
/** How the model may use the offered tools (2025-11-25+). */
export interface ToolChoice {
    /** `auto` (default): the model decides; `required`: at least one tool; `none`: no tools. */
    readonly mode?: 'auto' | 'required' | 'none';
}
/** Params of `sampling/createMessage`. */
export interface CreateMessageParams extends RequestParams, TaskAugmentedParams {
    /** The conversation so far. */
    readonly messages: readonly SamplingMessage[];
    /** Model preferences the client may ignore. */
    readonly modelPreferences?: ModelPreferences;
    /** A system prompt the client may change or drop. */
    readonly systemPrompt?: string;
    /** Context to include; `thisServer` and `allServers` are deprecated in 2026-07-28. */
    readonly includeContext?: 'none' | 'thisServer' | 'allServers';
    /** Sampling temperature. */
    readonly temperature?: number;
    /** The most tokens to sample. */
    readonly maxTokens: number;
    /** Sequences that stop sampling. */
    readonly stopSequences?: readonly string[];
    /** Provider-specific metadata to pass through. */
    readonly metadata?: object;
    /** Tools the model may use; requires the client's `sampling.tools` (2025-11-25+). */
    readonly tools?: readonly Tool[];
    /** How the model may use `tools` (2025-11-25+). */
    readonly toolChoice?: ToolChoice;
}
/** Why sampling stopped: a standard value or a provider-specific one. */
export type StopReason = 'endTurn' | 'stopSequence' | 'maxTokens' | 'toolUse' | (string & {});
/** Result of `sampling/createMessage`. */
export interface CreateMessageResult extends Result {
    /** Who speaks the sampled message. */
    readonly role: Role;
    /** The sampled content: one block, or several (arrays 2025-11-25+). */
    readonly content: SamplingMessageContentBlock | readonly SamplingMessageContentBlock[];
    /** The model that produced it. */
    readonly model: string;
    /** Why sampling stopped, if known. */
    readonly stopReason?: StopReason;
}
//# sourceMappingURL=sampling.d.ts.map