/**
 * The era-independent methods: lists, calls, reads, prompts and completion,
 * served from the server's registries. Each is a plain {@link MethodHandler};
 * the session wraps them in middleware and decorates their results per era.
 *
 * @module
 */
import { RpcError } from '../jsonrpc/rpcError.js';
import type {
  CompleteParams,
  CompleteResult,
  ListPromptsResult,
  ListResourcesResult,
  ListResourceTemplatesResult,
  ListToolsResult,
  ReadResourceResult,
  Resource,
} from '../protocol/types/index.js';
import { complete } from './completion.js';
import type { ServerContext } from './context.js';
import type { MethodHandler } from './middleware.js';
import { paginate } from './pagination.js';
import { getPrompt, type PromptEntry } from './prompts.js';
import {
  forRevision,
  resourceNotFound,
  toReadResult,
  type CacheHint,
  type ResourceEntry,
  type TemplateEntry,
} from './resources.js';
import type { Registry } from './registry.js';
import type { Sealer } from './seal.js';
import { callTool, type ToolEntry } from './tools.js';

/** What the feature methods read from the server. */
export interface FeatureTables {
  readonly tools: Registry<ToolEntry>;
  readonly resources: Registry<ResourceEntry>;
  readonly templates: Registry<TemplateEntry>;
  readonly prompts: Registry<PromptEntry>;
  readonly sealer: Sealer;
  readonly pageSize: number;
  readonly exposeErrorDetails: boolean;
}

function withCursor<T extends object>(result: T, nextCursor: string | undefined): T {
  return nextCursor === undefined ? result : { ...result, nextCursor };
}

/** A resource's own cache hints, for 2026-07-28 results only (earlier revisions have no such fields). */
function cacheFields(hint: CacheHint | undefined, ctx: ServerContext): Record<string, unknown> {
  return hint === undefined || ctx.era !== 'stateless' ? {} : { ttlMs: hint.ttlMs, cacheScope: hint.scope ?? 'private' };
}

/** Reads a resource: an exact static match first, then the first template that matches. */
export async function readResource(host: FeatureTables, uri: string, ctx: ServerContext): Promise<ReadResourceResult> {
  try {
    return await findAndRead(host, uri, ctx);
  } catch (error) {
    throw forRevision(error, uri, ctx.revision);
  }
}

async function findAndRead(host: FeatureTables, uri: string, ctx: ServerContext): Promise<ReadResourceResult> {
  const entry = host.resources.get(uri);
  if (entry !== undefined) {
    const result = toReadResult(await entry.handler(uri, ctx), uri, entry.definition.mimeType);
    return { ...result, ...cacheFields(entry.definition.cache, ctx) };
  }
  for (const template of host.templates.list()) {
    const variables = template.template.match(uri);
    if (variables === undefined) continue;
    const result = toReadResult(await template.handler(uri, variables, ctx), uri, template.definition.mimeType);
    return { ...result, ...cacheFields(template.definition.cache, ctx) };
  }
  throw resourceNotFound(uri, ctx.revision);
}

async function listResources(host: FeatureTables, ctx: ServerContext): Promise<readonly Resource[]> {
  const listed: Resource[] = host.resources.list().map((e) => e.wire);
  for (const template of host.templates.list()) {
    const list = template.definition.list;
    if (list !== undefined) listed.push(...(await list(ctx)));
  }
  return listed;
}

async function completeArgument(host: FeatureTables, params: CompleteParams): Promise<CompleteResult> {
  const { ref, argument } = params;
  const context = { arguments: params.context?.arguments ?? {} };
  if (ref.type === 'ref/prompt') {
    const prompt = host.prompts.get(ref.name);
    if (prompt === undefined) throw RpcError.invalidParams(`Unknown prompt: ${ref.name}`);
    return complete(prompt.definition.complete?.[argument.name], argument.value, context);
  }
  const template = host.templates.list().find((t) => t.definition.uriTemplate === ref.uri);
  if (template === undefined) {
    // A static resource has no variables to complete.
    if (host.resources.get(ref.uri) !== undefined) return { completion: { values: [] } };
    throw RpcError.invalidParams(`Unknown resource template: ${ref.uri}`);
  }
  const completers = template.definition.complete as Readonly<Record<string, Parameters<typeof complete>[0]>> | undefined;
  return complete(completers?.[argument.name], argument.value, context);
}

/** The feature methods, by name. */
export function featureMethods(host: FeatureTables): Readonly<Record<string, MethodHandler>> {
  return {
    'tools/list': async ({ params }, ctx): Promise<ListToolsResult> => {
      const page = await paginate(host.tools.list(), params['cursor'], host.pageSize, 'tools', host.sealer);
      // `execution` (task support) exists in 2025-11-25 only; the tasks extension does not list it.
      const tools = ctx.revision === '2025-11-25' ? page.items.map((t) => t.wireWithExecution) : page.items.map((t) => t.wire);
      return withCursor({ tools }, page.nextCursor);
    },
    'tools/call': async ({ params }, ctx) => {
      const name = params['name'] as string;
      const tool = host.tools.get(name);
      if (tool === undefined) throw RpcError.invalidParams(`Unknown tool: ${name}`);
      return callTool(tool, params['arguments'], ctx, { exposeErrorDetails: host.exposeErrorDetails });
    },
    'resources/list': async ({ params }, ctx): Promise<ListResourcesResult> => {
      const page = await paginate(await listResources(host, ctx), params['cursor'], host.pageSize, 'resources', host.sealer);
      return withCursor({ resources: page.items }, page.nextCursor);
    },
    'resources/templates/list': async ({ params }): Promise<ListResourceTemplatesResult> => {
      const page = await paginate(host.templates.list(), params['cursor'], host.pageSize, 'templates', host.sealer);
      return withCursor({ resourceTemplates: page.items.map((t) => t.wire) }, page.nextCursor);
    },
    'resources/read': ({ params }, ctx) => readResource(host, params['uri'] as string, ctx),
    'prompts/list': async ({ params }): Promise<ListPromptsResult> => {
      const page = await paginate(host.prompts.list(), params['cursor'], host.pageSize, 'prompts', host.sealer);
      return withCursor({ prompts: page.items.map((p) => p.wire) }, page.nextCursor);
    },
    'prompts/get': async ({ params }, ctx) => {
      const name = params['name'] as string;
      const prompt = host.prompts.get(name);
      if (prompt === undefined) throw RpcError.invalidParams(`Unknown prompt: ${name}`);
      return getPrompt(prompt, params['arguments'], ctx);
    },
    'completion/complete': ({ params }) => completeArgument(host, params as unknown as CompleteParams),
  };
}
