/**
 * Prompts: declared with an argument list or an argument schema, served by
 * `prompts/list` and `prompts/get`.
 *
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import { RpcError } from '../jsonrpc/rpcError.js';
import type { GetPromptResult, Icon, Meta, Prompt, PromptArgument, PromptMessage } from '../protocol/types/index.js';
import { formatIssues } from '../schema/jsonSchemaValidator.js';
import type { InferOutput, StandardSchemaV1 } from '../schema/standardSchema.js';
import { resolveSchema, type ResolvedSchema } from '../schema/toolSchema.js';
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
export type PromptHandler<Args, State = unknown> = (
  args: Args,
  ctx: ServerContext<State>,
) => PromptReturn | Promise<PromptReturn>;

/** A registered prompt. */
export interface PromptEntry {
  readonly definition: PromptDefinition;
  readonly handler: PromptHandler<unknown>;
  readonly wire: Prompt;
  readonly schema: ResolvedSchema | undefined;
}

function isStandard(value: unknown): value is StandardSchemaV1 {
  return typeof value === 'object' && value !== null && '~standard' in value;
}

/** Argument declarations from an object schema's `properties` and `required`. */
function argumentsOf(jsonSchema: Readonly<Record<string, unknown>>): PromptArgument[] {
  const properties = (jsonSchema['properties'] ?? {}) as Record<string, { description?: unknown }>;
  const required = new Set(Array.isArray(jsonSchema['required']) ? (jsonSchema['required'] as string[]) : []);
  return Object.entries(properties).map(([name, p]) => ({
    name,
    ...(typeof p.description === 'string' && { description: p.description }),
    ...(required.has(name) && { required: true }),
  }));
}

/** Prepares a prompt definition. */
export function preparePrompt(definition: PromptDefinition, handler: PromptHandler<unknown>): PromptEntry {
  if (definition.name.length === 0) throw new LocalError('INVALID_ARGUMENT', 'A prompt needs a name');
  const args = definition.arguments;
  const schema = isStandard(args) ? resolveSchema(args, 'input') : undefined;
  const declared = schema !== undefined ? argumentsOf(schema.jsonSchema) : (args as readonly PromptArgument[] | undefined);
  const wire: Prompt = {
    name: definition.name,
    ...(definition.title !== undefined && { title: definition.title }),
    ...(definition.description !== undefined && { description: definition.description }),
    ...(declared !== undefined && { arguments: declared }),
    ...(definition.icons !== undefined && { icons: definition.icons }),
    ...(definition._meta !== undefined && { _meta: definition._meta }),
  };
  return { definition, handler, wire, schema };
}

/** Serves `prompts/get` for one prompt: check arguments, run, shape the result. */
export async function getPrompt(entry: PromptEntry, args: unknown, ctx: ServerContext): Promise<GetPromptResult> {
  const given = (args ?? {}) as Record<string, unknown>;
  let value: unknown = given;
  if (entry.schema !== undefined) {
    const checked = await entry.schema.validate(given);
    if (!checked.ok)
      throw RpcError.invalidParams(`Invalid arguments for prompt ${entry.definition.name}: ${formatIssues(checked.issues)}`);
    value = checked.value;
  } else {
    for (const a of entry.wire.arguments ?? []) {
      if (a.required === true && typeof given[a.name] !== 'string') {
        throw RpcError.invalidParams(`Missing required argument ${JSON.stringify(a.name)} for prompt ${entry.definition.name}`);
      }
    }
  }
  const returned = await entry.handler(value, ctx);
  const result: GetPromptResult =
    typeof returned === 'string'
      ? { messages: [{ role: 'user', content: { type: 'text', text: returned } }] }
      : Array.isArray(returned)
        ? { messages: returned as PromptMessage[] }
        : (returned as GetPromptResult);
  const description = entry.definition.description;
  return result.description === undefined && description !== undefined ? { description, ...result } : result;
}
