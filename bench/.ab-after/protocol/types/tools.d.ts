/**
 * Tools: functions a server exposes for the model to call.
 *
 * @see https://modelcontextprotocol.io/specification/2026-07-28/server/tools
 * @module
 */
import type { BaseMetadata, CacheableResult, Icon, Meta, OpenObject, PaginatedParams, PaginatedResult, RequestParams, Result } from './base.js';
import type { ContentBlock } from './content.js';
import type { InputResponseRequestParams } from './mrtr.js';
import type { TaskAugmentedParams, ToolExecution } from './tasks.js';
/** A JSON Schema object. Without `$schema` it is 2020-12 (2025-11-25+). */
export interface JsonSchemaObject {
    /** The dialect. */
    readonly $schema?: string;
    /** The instance type(s). */
    readonly type?: string | readonly string[];
    /** Member schemas: objects, or (2020-12) `true`/`false`. */
    readonly properties?: {
        readonly [name: string]: object | boolean;
    };
    /** Required members. */
    readonly required?: readonly string[];
    /** Any other keyword (2026-07-28 allows every 2020-12 keyword). */
    readonly [keyword: string]: unknown;
}
/** A tool's input schema: always an object schema. */
export interface ToolInputSchema extends JsonSchemaObject {
    /** Tool arguments are always objects. */
    readonly type: 'object';
}
/**
 * The schema of a tool's `structuredContent`: an object schema in
 * 2025-06-18/2025-11-25, any JSON Schema object from 2026-07-28.
 */
export type ToolOutputSchema = JsonSchemaObject;
/** Hints about a tool's behaviour; untrusted unless the server is (2025-03-26+). */
export interface ToolAnnotations {
    /** Display title. */
    readonly title?: string;
    /** The tool does not change its environment (default false). */
    readonly readOnlyHint?: boolean;
    /** The tool may destroy, not only add (default true; meaningful when not read-only). */
    readonly destructiveHint?: boolean;
    /** Repeating a call with the same arguments has no further effect (default false). */
    readonly idempotentHint?: boolean;
    /** The tool reaches an open world of external entities (default true). */
    readonly openWorldHint?: boolean;
}
/** A tool the client can call. */
export interface Tool extends BaseMetadata {
    /** What the tool does, for the model. */
    readonly description?: string;
    /** The schema its arguments follow. */
    readonly inputSchema: ToolInputSchema;
    /** The schema its `structuredContent` follows (2025-06-18+). */
    readonly outputSchema?: ToolOutputSchema;
    /** Behaviour hints (2025-03-26+). */
    readonly annotations?: ToolAnnotations;
    /** Task support (2025-11-25). */
    readonly execution?: ToolExecution;
    /** Icons to display (2025-11-25+). */
    readonly icons?: readonly Icon[];
    /** Metadata (2025-06-18+). */
    readonly _meta?: Meta;
}
/** Params of `tools/list`. */
export type ListToolsParams = PaginatedParams;
/** Result of `tools/list`. */
export interface ListToolsResult extends PaginatedResult, CacheableResult {
    /** One page of tools. */
    readonly tools: readonly Tool[];
}
/** Params of `tools/call`. */
export interface CallToolParams extends RequestParams, InputResponseRequestParams, TaskAugmentedParams {
    /** The tool to call. */
    readonly name: string;
    /** Its arguments. */
    readonly arguments?: OpenObject;
}
/**
 * Result of `tools/call`. A failing tool is still a result, with `isError`.
 * May instead be an `InputRequiredResult` (2026-07-28+) or a `CreateTaskResult` (tasks).
 */
export interface CallToolResult extends Result {
    /** The unstructured result. */
    readonly content: readonly ContentBlock[];
    /**
     * The structured result, conforming to `outputSchema` (2025-06-18+): an
     * object in 2025-06-18/2025-11-25, any JSON value from 2026-07-28.
     */
    readonly structuredContent?: unknown;
    /** The tool failed (default false). */
    readonly isError?: boolean;
}
//# sourceMappingURL=tools.d.ts.map