/**
 * Tools: how a server author declares them, and how `tools/list` and
 * `tools/call` serve them. Schemas come from any Standard Schema library or
 * raw JSON Schema; the JSON Schema reaches the wire untouched.
 *
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import { RpcError } from '../jsonrpc/rpcError.js';
import { ErrorCode } from '../protocol/errorCodes.js';
import type { CallToolResult, ContentBlock, Icon, Meta, Tool, ToolAnnotations, ToolExecution } from '../protocol/types/index.js';
import { isAtLeast } from '../protocol/versions.js';
import { formatIssues, type ValidationResult } from '../schema/jsonSchemaValidator.js';
import { resolveSchema, type ResolvedSchema, type ResolveSchemaOptions, type SchemaInput } from '../schema/toolSchema.js';
import type { InferInput, InferOutput } from '../schema/standardSchema.js';
import type { ServerContext } from './context.js';
import type { TaskStart } from './tasks/taskOptions.js';

/** What a tool handler may return: a full result, text, or a structured value. */
export type ToolReturn<Out> = CallToolResult | string | Out | undefined;

/** A tool's handler. Arguments arrive validated (and transformed, for Standard Schema inputs). */
export type ToolHandler<In, Out, State = unknown> = (
  args: In,
  ctx: ServerContext<State>,
) => ToolReturn<Out> | Promise<ToolReturn<Out>>;

/** How a tool is declared. */
export interface ToolDefinition<
  I extends SchemaInput | undefined = SchemaInput | undefined,
  O extends SchemaInput | undefined = SchemaInput | undefined,
> {
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
  /**
   * Whether calls may (`optional`), must (`required`) or must not
   * (`forbidden`, the default) run as tasks (2025-11-25 `params.task`, and
   * the `io.modelcontextprotocol/tasks` extension).
   */
  readonly execution?: ToolExecution;
  /** Extension: when a call becomes a task (default: the server's `tasks.start`); see {@link TaskStart}. */
  readonly taskStart?: TaskStart;
}

/** Thrown by a handler to fail the call with a message the model should see (never masked). */
export class ToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolError';
  }
}

/** A registered tool, ready to list and call. */
export interface ToolEntry {
  readonly definition: ToolDefinition;
  readonly handler: ToolHandler<unknown, unknown>;
  readonly input: ResolvedSchema;
  readonly output: ResolvedSchema | undefined;
  /** The `Tool` object sent in `tools/list`. */
  readonly wire: Tool;
  /** The same with `execution`, which only 2025-11-25 lists (the same object when the tool declares none). */
  readonly wireWithExecution: Tool;
}

const NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** Validates a definition and prepares its schemas (compiled by `options.validator`, if given) and wire form. */
export function prepareTool(
  definition: ToolDefinition,
  handler: ToolHandler<unknown, unknown>,
  options: ResolveSchemaOptions = {},
): ToolEntry {
  if (!NAME.test(definition.name)) {
    throw new LocalError(
      'INVALID_ARGUMENT',
      `Tool name ${JSON.stringify(definition.name)} must be 1-128 characters of A-Z a-z 0-9 _ . -`,
    );
  }
  // Checked at run time: JavaScript callers and JSON configuration bypass the type.
  const support: unknown = definition.execution?.taskSupport;
  if (support !== undefined && support !== 'forbidden' && support !== 'optional' && support !== 'required') {
    throw new LocalError(
      'INVALID_ARGUMENT',
      `Tool ${definition.name}: execution.taskSupport must be "forbidden", "optional" or "required"`,
    );
  }
  const input = resolveSchema(definition.input, 'input', options);
  const output = definition.output === undefined ? undefined : resolveSchema(definition.output, 'output', options);
  const wire: Tool = {
    name: definition.name,
    ...(definition.title !== undefined && { title: definition.title }),
    ...(definition.description !== undefined && { description: definition.description }),
    inputSchema: input.jsonSchema as Tool['inputSchema'],
    ...(output !== undefined && { outputSchema: output.jsonSchema }),
    ...(definition.annotations !== undefined && { annotations: definition.annotations }),
    ...(definition.icons !== undefined && { icons: definition.icons }),
    ...(definition._meta !== undefined && { _meta: definition._meta }),
  };
  const wireWithExecution = definition.execution === undefined ? wire : { ...wire, execution: definition.execution };
  return { definition, handler, input, output, wire, wireWithExecution };
}

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
export async function callTool(
  entry: ToolEntry,
  args: unknown,
  ctx: ServerContext,
  options: CallToolOptions,
): Promise<CallToolResult> {
  const name = entry.definition.name;
  const checked = await entry.input.validate(args ?? {});
  if (!checked.ok) {
    const message = `Invalid arguments for tool ${name}: ${formatIssues(checked.issues)}`;
    // 2025-11-25 (SEP-1303) made input validation errors tool execution errors, so the model can correct itself.
    if (isAtLeast(ctx.revision, '2025-11-25')) return errorResult(message);
    throw new RpcError(ErrorCode.InvalidParams, message);
  }
  let returned: unknown;
  try {
    returned = await entry.handler(checked.value, ctx);
  } catch (error) {
    if (error instanceof RpcError) throw error;
    if (error instanceof ToolError) return errorResult(error.message);
    const detail = options.exposeErrorDetails && error instanceof Error ? `: ${error.message}` : '';
    return errorResult(`Tool ${name} failed${detail}`);
  }
  let result = normalize(returned, ctx);
  if (entry.output !== undefined && result.isError !== true) {
    const derived = result !== returned;
    result = await checkOutput(entry.output, result, name);
    // A plain value's text block is its JSON: derive it again from what the schema produced (stripped, transformed).
    if (derived && 'structuredContent' in result) result = normalize(result.structuredContent, ctx);
  }
  return downlevel(result, ctx);
}

/** Removes what the client's revision does not know: structured content before 2025-06-18. */
function downlevel(result: CallToolResult, ctx: ServerContext): CallToolResult {
  if (!('structuredContent' in result) || isAtLeast(ctx.revision, '2025-06-18')) return result;
  const { structuredContent: _dropped, ...rest } = result;
  return rest;
}

/**
 * Checks `structuredContent` against the output schema and returns the result
 * with the schema's output value (a Standard Schema may strip or transform,
 * and the wire must carry what the advertised schema describes).
 */
async function checkOutput(output: ResolvedSchema, result: CallToolResult, name: string): Promise<CallToolResult> {
  if (!('structuredContent' in result)) {
    throw new RpcError(ErrorCode.InternalError, `Tool ${name} declares an output schema but returned no structuredContent`);
  }
  const checked: ValidationResult = await output.validate(result.structuredContent);
  if (!checked.ok) {
    throw new RpcError(
      ErrorCode.InternalError,
      `Tool ${name} returned structuredContent that does not match its output schema: ${formatIssues(checked.issues)}`,
    );
  }
  return checked.value === result.structuredContent ? result : { ...result, structuredContent: checked.value };
}

function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

function isContentArray(value: unknown): value is ContentBlock[] {
  return (
    Array.isArray(value) &&
    value.every((b) => typeof b === 'object' && b !== null && typeof (b as { type?: unknown }).type === 'string')
  );
}

/**
 * Turns what a handler returned into a `CallToolResult`: a result passes
 * through; a string becomes text; any other value becomes structured content
 * plus its JSON as text (for clients that ignore structured content).
 */
export function normalize(value: unknown, ctx: ServerContext): CallToolResult {
  if (value === undefined || value === null) return { content: [] };
  if (typeof value === 'string') return { content: [{ type: 'text', text: value }] };
  if (typeof value === 'object' && !Array.isArray(value) && isContentArray((value as { content?: unknown }).content)) {
    return value as CallToolResult;
  }
  const text = JSON.stringify(value);
  // Before 2026-07-28 structured content must be an object; other values travel as text only.
  const structured = (typeof value === 'object' && !Array.isArray(value)) || isAtLeast(ctx.revision, '2026-07-28');
  if (!structured) return { content: [{ type: 'text', text }] };
  return { content: [{ type: 'text', text }], structuredContent: value };
}
