/**
 * Which tool definitions one model call carries. Below the threshold (the
 * enabled tools' definitions estimated under `threshold` tokens) every
 * definition, every turn, as before. Above it: with a provider that searches
 * tools itself (Anthropic's tool search tool), every definition marked
 * `defer_loading` beside the provider's search tool, so only what the model
 * finds enters its context; otherwise the host's own `search_tools` and the
 * tools this conversation has found so far.
 *
 * @module
 */
import type { ToolSearchOptions } from '../config/types.js';
import type { ModelMessage, ModelTool } from '../model/types.js';
import { searchToolDefinition } from './searchTool.js';
import { toolTokens } from './tokens.js';

export type { ToolSearchOptions };

/** The default threshold, estimated tokens: some 5% of a 200k context, or 50 to 100 typical tools. */
export const DEFAULT_TOOL_SEARCH_THRESHOLD = 10_000;

/** What one model call was offered. */
export interface ToolOffer {
  /** `all`: every enabled definition; `host-search`: the host's search tool and the tools found; `provider-search`: every definition deferred to the provider's search. */
  readonly mode: 'all' | 'host-search' | 'provider-search';
  /** Definitions that reach the model's context (the search tool included). */
  readonly loaded: number;
  /** Enabled tools kept out of the context (left out, or deferred). */
  readonly deferred: number;
  /** Estimated tokens of the definitions in the context. */
  readonly tokens: number;
  /** Estimated tokens had every enabled definition been sent. */
  readonly allTokens: number;
  /** In the search modes, the model names of the tools in the context (found so far). */
  readonly loadedTools?: readonly string[];
}

/** A tool that may be offered, with its cost. */
export interface OfferableTool {
  readonly definition: ModelTool;
  /** Estimated tokens ({@link toolTokens}). */
  readonly tokens: number;
}

/** What the provider's request gets. */
export interface OfferedTools {
  readonly tools: readonly ModelTool[];
  /** Set when the provider's own search is asked for. */
  readonly toolSearch?: 'bm25' | 'regex';
  readonly offer: ToolOffer;
}

/** The model names a conversation's provider searches found (Anthropic `tool_reference`s in `tool_search_tool_result` blocks). */
export function referencedTools(messages: readonly ModelMessage[]): Set<string> {
  const names = new Set<string>();
  for (const m of messages)
    for (const b of m.content) {
      if (b.type !== 'provider' || b.block['type'] !== 'tool_search_tool_result') continue;
      const content = b.block['content'] as { tool_references?: unknown } | undefined;
      if (!Array.isArray(content?.tool_references)) continue;
      for (const r of content.tool_references as { tool_name?: unknown }[])
        if (typeof r.tool_name === 'string') names.add(r.tool_name);
    }
  return names;
}

/**
 * Stand-ins for tools the conversation's provider search found that are gone
 * now (their server down, or switched off): the API refuses a history that
 * references a tool the request does not define. Calling one gets the
 * host's "no such tool" answer.
 */
function gone(referenced: ReadonlySet<string>, tools: readonly OfferableTool[]): ModelTool[] {
  const present = new Set(tools.map((t) => t.definition.name));
  return [...referenced]
    .filter((name) => !present.has(name))
    .map((name) => ({
      name,
      description: 'Not available now: its server is down or the tool was switched off.',
      inputSchema: { type: 'object' },
      deferLoading: true,
    }));
}

/** Chooses the definitions of one call. `found`: the model names the host's search found in this conversation. */
export function offerTools(input: {
  readonly tools: readonly OfferableTool[];
  readonly found: ReadonlySet<string>;
  readonly messages: readonly ModelMessage[];
  readonly nativeSearch: boolean;
  readonly options: ToolSearchOptions;
  readonly servers: readonly string[];
}): OfferedTools {
  const { tools, options } = input;
  const allTokens = tools.reduce((sum, t) => sum + t.tokens, 0);
  const threshold = options.threshold ?? DEFAULT_TOOL_SEARCH_THRESHOLD;
  const mode = options.mode ?? 'auto';
  // A conversation that used the provider's search goes on with it: its history names deferred tools the API must know.
  const referenced = input.nativeSearch && mode === 'auto' ? referencedTools(input.messages) : new Set<string>();
  if (mode === 'off' || ((tools.length === 0 || allTokens <= threshold) && referenced.size === 0))
    return {
      tools: tools.map((t) => t.definition),
      offer: { mode: 'all', loaded: tools.length, deferred: 0, tokens: allTokens, allTokens },
    };
  if (mode === 'auto' && input.nativeSearch) {
    const variant = options.anthropicVariant ?? 'bm25';
    const loaded = tools.filter((t) => referenced.has(t.definition.name));
    const searchTokens = toolTokens({ name: `tool_search_tool_${variant}`, inputSchema: {} });
    return {
      tools: [...tools.map((t) => ({ ...t.definition, deferLoading: true })), ...gone(referenced, tools)],
      toolSearch: variant,
      offer: {
        mode: 'provider-search',
        loaded: loaded.length + 1,
        deferred: tools.length - loaded.length,
        tokens: searchTokens + loaded.reduce((sum, t) => sum + t.tokens, 0),
        allTokens,
        loadedTools: loaded.map((t) => t.definition.name),
      },
    };
  }
  const search = searchToolDefinition(tools.length, input.servers);
  const loaded = tools.filter((t) => input.found.has(t.definition.name));
  return {
    tools: [search, ...loaded.map((t) => t.definition)],
    offer: {
      mode: 'host-search',
      loaded: loaded.length + 1,
      deferred: tools.length - loaded.length,
      tokens: toolTokens(search) + loaded.reduce((sum, t) => sum + t.tokens, 0),
      allTokens,
      loadedTools: loaded.map((t) => t.definition.name),
    },
  };
}
