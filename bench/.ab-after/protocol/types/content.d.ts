/**
 * Content blocks: what prompts, tool results and sampling messages are made of.
 *
 * @see https://modelcontextprotocol.io/specification/2026-07-28/server/tools#tool-result
 * @module
 */
import type { Annotations, Meta, OpenObject } from './base.js';
import type { BlobResourceContents, Resource, TextResourceContents } from './resources.js';
/** Text for or from an LLM. */
export interface TextContent {
    /** Discriminator. */
    readonly type: 'text';
    /** The text. */
    readonly text: string;
    /** Display and usage hints. */
    readonly annotations?: Annotations;
    /** Metadata (2025-06-18+). */
    readonly _meta?: Meta;
}
/** An image for or from an LLM. */
export interface ImageContent {
    /** Discriminator. */
    readonly type: 'image';
    /** The image, base64-encoded. */
    readonly data: string;
    /** The image's MIME type. */
    readonly mimeType: string;
    /** Display and usage hints. */
    readonly annotations?: Annotations;
    /** Metadata (2025-06-18+). */
    readonly _meta?: Meta;
}
/** Audio for or from an LLM (2025-03-26+). */
export interface AudioContent {
    /** Discriminator. */
    readonly type: 'audio';
    /** The audio, base64-encoded. */
    readonly data: string;
    /** The audio's MIME type. */
    readonly mimeType: string;
    /** Display and usage hints. */
    readonly annotations?: Annotations;
    /** Metadata (2025-06-18+). */
    readonly _meta?: Meta;
}
/** A link to a resource the server can read; it need not appear in `resources/list` (2025-06-18+). */
export interface ResourceLink extends Resource {
    /** Discriminator. */
    readonly type: 'resource_link';
}
/** A resource's contents, embedded in a prompt or tool result. */
export interface EmbeddedResource {
    /** Discriminator. */
    readonly type: 'resource';
    /** The embedded contents. */
    readonly resource: TextResourceContents | BlobResourceContents;
    /** Display and usage hints. */
    readonly annotations?: Annotations;
    /** Metadata (2025-06-18+). */
    readonly _meta?: Meta;
}
/**
 * A block of a tool result or prompt message. `audio` is 2025-03-26+ and
 * `resource_link` 2025-06-18+.
 */
export type ContentBlock = TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource;
/** The model asks to call a tool, in a sampling conversation (2025-11-25+). */
export interface ToolUseContent {
    /** Discriminator. */
    readonly type: 'tool_use';
    /** Identifies this tool use; the matching `tool_result` repeats it. */
    readonly id: string;
    /** The tool to call. */
    readonly name: string;
    /** The arguments, conforming to the tool's input schema. */
    readonly input: OpenObject;
    /** Metadata; clients should preserve it in later sampling requests. */
    readonly _meta?: Meta;
}
/** The result of a tool use, handed back to the model (2025-11-25+). */
export interface ToolResultContent {
    /** Discriminator. */
    readonly type: 'tool_result';
    /** The `ToolUseContent.id` this answers. */
    readonly toolUseId: string;
    /** The unstructured result, as in `CallToolResult.content`. */
    readonly content: readonly ContentBlock[];
    /** The structured result: an object in 2025-11-25, any JSON value from 2026-07-28. */
    readonly structuredContent?: unknown;
    /** The tool use failed. */
    readonly isError?: boolean;
    /** Metadata; clients should preserve it in later sampling requests. */
    readonly _meta?: Meta;
}
/**
 * A block of a sampling message. `audio` is 2025-03-26+; `tool_use` and
 * `tool_result` are 2025-11-25+.
 */
export type SamplingMessageContentBlock = TextContent | ImageContent | AudioContent | ToolUseContent | ToolResultContent;
//# sourceMappingURL=content.d.ts.map