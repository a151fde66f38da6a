import type { CallToolResult, Icon, Meta, Tool, ToolAnnotations } from '../protocol/types/index.js';
import { type ResolvedSchema, type ResolveSchemaOptions, type SchemaInput } from '../schema/toolSchema.js';
import type { InferInput, InferOutput } from '../schema/standardSchema.js';
import type { ServerContext } from './context.js';
/** What a tool handler may return: a full result, text, or a structured value. */
export type ToolReturn<Out> = CallToolResult | string | Out | undefined;
/** A tool's handler. Arguments arrive validated (and transformed, for Standard Schema inputs). */
export type ToolHandler<In, Out, State = unknown> = (args: In, ctx: ServerContext<State>) => ToolReturn<Out> | Promise<ToolReturn<Out>>;
/** How a tool is declared. */
export interface ToolDefinition<I extends SchemaInput | undefined = SchemaInput | undefined, O extends SchemaInput | undefined = SchemaInput | undefined> {
    /** Unique name: 1-128 characters of `[A-Za-z0-9_.-]`. */
    readonly name: string;
    /** Human-readable name. */
    readonly title?: string;
    /** What it does, for the model. */
    readonly description?: string;
    /** Input schema: a Standard Schema (zod, valibot, arktype) or a JSON Schema object. Absent: no arguments. */
    readonly input?: I;
    /** Output schema; when present, `structuredContent` is checked against it. */
    readonly output?: O;
    /** Behaviour hints (untrusted by clients). */
    readonly annotations?: ToolAnnotations;
    /** Icons for display. */
    readonly icons?: readonly Icon[];
    /** Extra metadata sent with the tool. */
    readonly _meta?: Meta;
}
/** Thrown by a handler to fail the call with a message the model should see (never masked). */
export declare class ToolError extends Error {
    constructor(message: string);
}
/** A registered tool, ready to list and call. */
export interface ToolEntry {
    readonly definition: ToolDefinition;
    readonly handler: ToolHandler<unknown, unknown>;
    readonly input: ResolvedSchema;
    readonly output: ResolvedSchema | undefined;
    /** The `Tool` object sent in `tools/list`. */
    readonly wire: Tool;
}
/** Validates a definition and prepares its schemas (compiled by `options.validator`, if given) and wire form. */
export declare function prepareTool(definition: ToolDefinition, handler: ToolHandler<unknown, unknown>, options?: ResolveSchemaOptions): ToolEntry;
/** Inferred handler argument type for a definition's input. */
export type ToolArgs<I> = I extends undefined ? Record<string, never> : InferOutput<I>;
/** Inferred structured output type for a definition's output. */
export type ToolOutput<O> = O extends undefined ? unknown : InferInput<O>;
/** Options of {@link callTool}. */
export interface CallToolOptions {
    /** Send handlers' own error messages to the model (default false: "Tool failed"). */
    readonly exposeErrorDetails: boolean;
}
/** Serves `tools/call` for one tool: validate arguments, run, normalize and check the result. */
export declare function callTool(entry: ToolEntry, args: unknown, ctx: ServerContext, options: CallToolOptions): Promise<CallToolResult>;
/**
 * Turns what a handler returned into a `CallToolResult`: a result passes
 * through; a string becomes text; any other value becomes structured content
 * plus its JSON as text (for clients that ignore structured content).
 */
export declare function normalize(value: unknown, ctx: ServerContext): CallToolResult;
//# sourceMappingURL=tools.d.ts.map