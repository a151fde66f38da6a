/**
 * The provider-neutral conversation the loop keeps, and what a model
 * provider is: one `complete` call that streams text and returns the whole
 * answer. Each provider (Anthropic Messages, OpenAI Chat Completions) is a
 * small adapter between this shape and its wire format.
 *
 * @module
 */

/** Text. */
export interface TextBlock {
  readonly type: 'text';
  readonly text: string;
}

/** An image, base64-encoded. */
export interface ImageBlock {
  readonly type: 'image';
  readonly data: string;
  readonly mimeType: string;
}

/** The model asks for a tool call. */
export interface ToolUseBlock {
  readonly type: 'tool_use';
  /** The provider's id of the call; the result repeats it. */
  readonly id: string;
  /** The tool's model name. */
  readonly name: string;
  /** The arguments. */
  readonly input: Readonly<Record<string, unknown>>;
  /** Set when the model's arguments could not be read (they are then `{}`); the call is answered with this error. */
  readonly inputError?: string;
}

/** A tool call's result, handed back to the model. */
export interface ToolResultBlock {
  readonly type: 'tool_result';
  /** The id of the {@link ToolUseBlock} it answers. */
  readonly toolUseId: string;
  readonly content: readonly (TextBlock | ImageBlock)[];
  readonly isError?: boolean;
}

/**
 * A block only its provider understands, kept as the API sent it so the next
 * request can carry it back (Anthropic's `server_tool_use` and
 * `tool_search_tool_result`: its tool search's call and what it found).
 * Other providers leave it out.
 */
export interface ProviderBlock {
  readonly type: 'provider';
  /** The provider that wrote it (`anthropic`). */
  readonly provider: string;
  /** The block, in the provider's wire format. */
  readonly block: Readonly<Record<string, unknown>>;
}

/** One block of a message. */
export type ModelBlock = TextBlock | ImageBlock | ToolUseBlock | ToolResultBlock | ProviderBlock;

/** One message of the conversation. */
export interface ModelMessage {
  readonly role: 'user' | 'assistant';
  readonly content: readonly ModelBlock[];
}

/** A tool as the model sees it. */
export interface ModelTool {
  /** Matches `^[a-zA-Z0-9_-]{1,64}$`, which both APIs accept. */
  readonly name: string;
  readonly description?: string;
  /** A JSON Schema object. */
  readonly inputSchema: Readonly<Record<string, unknown>>;
  /** Kept out of the model's context until the provider's tool search finds it (with `ModelRequest.toolSearch`). */
  readonly deferLoading?: boolean;
}

/** One model call. */
export interface ModelRequest {
  /** The provider's model name (`claude-sonnet-4-5`, `gpt-4.1`, `llama3.2`). */
  readonly model: string;
  readonly system?: string;
  readonly messages: readonly ModelMessage[];
  readonly tools?: readonly ModelTool[];
  /** Add the provider's own tool search (its variant), which finds the `deferLoading` tools (providers with `toolSearch`). */
  readonly toolSearch?: 'bm25' | 'regex';
  /** `auto` (default), `required` (some tool), `none`. */
  readonly toolChoice?: 'auto' | 'required' | 'none';
  readonly maxTokens: number;
  readonly temperature?: number;
  readonly stopSequences?: readonly string[];
}

/** Why the model stopped. */
export type ModelStopReason = 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence' | 'refusal' | 'other';

/** Tokens used. */
export interface Usage {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/** A model's answer. */
export interface ModelResponse {
  /** The model that answered (as the API names it). */
  readonly model: string;
  readonly content: readonly ModelBlock[];
  readonly stopReason: ModelStopReason;
  /** The API's own word for it (`end_turn`, `tool_calls`, `length`). */
  readonly rawStopReason: string | undefined;
  readonly usage: Usage;
}

/** Per-call options. */
export interface ModelCallOptions {
  /** Aborts the call (and its retries). */
  readonly signal?: AbortSignal | undefined;
  /** Receives the answer's text as it streams. */
  readonly onTextDelta?: ((text: string) => void) | undefined;
  /** Told before each retry. */
  readonly onRetry?: ((retry: RetryInfo) => void) | undefined;
}

/** A retry about to happen. */
export interface RetryInfo {
  /** 1 for the first retry. */
  readonly attempt: number;
  readonly delayMs: number;
  /** The HTTP status that caused it (absent for a network failure). */
  readonly status?: number | undefined;
}

/** A model API. */
export interface ModelProvider {
  /** `anthropic`, `openai`, or the application's own. */
  readonly name: string;
  /** The provider searches deferred tools itself (`ModelRequest.toolSearch`). */
  readonly toolSearch?: boolean;
  /** Runs one model call, streaming. Rejects with a `ModelApiError`, or `LocalError('CANCELLED')` when aborted. */
  complete(request: ModelRequest, options?: ModelCallOptions): Promise<ModelResponse>;
}
