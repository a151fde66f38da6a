/**
 * A host's tools as the model's context sees them: which are switched on,
 * what their definitions cost per server, the search index over the enabled
 * ones (rebuilt only when the set or a switch changes), and what one model
 * call carries ({@link offerTools}).
 *
 * @module
 */
import { LocalError } from '../../jsonrpc/index.js';
import type { ModelMessage } from '../model/types.js';
import { closest } from '../policy/ruleCheck.js';
import type { HostTool, ToolRegistry } from '../registry/toolRegistry.js';
import { SEARCH_TOOL_NAME, searchResultText } from './searchTool.js';
import { toolTokens } from './tokens.js';
import { ToolIndex, type SearchHit, type SearchOptions } from './toolIndex.js';
import {
  DEFAULT_TOOL_SEARCH_THRESHOLD,
  offerTools,
  type OfferableTool,
  type OfferedTools,
  type ToolSearchOptions,
} from './toolOffer.js';
import { ToolSwitches } from './toolSwitches.js';

/** What one server's tool definitions cost. */
export interface ServerToolCost {
  readonly server: string;
  /** Tools it lists. */
  readonly tools: number;
  /** Of them, switched on. */
  readonly enabled: number;
  /** Estimated tokens of the enabled tools' definitions. */
  readonly tokens: number;
  /** Estimated tokens of the disabled ones (what switching them off saves). */
  readonly disabledTokens: number;
}

/** `host.toolContext()`: the costs, and how the host keeps them down. */
export interface ToolContextReport {
  readonly servers: readonly ServerToolCost[];
  /** Estimated tokens of every enabled definition. */
  readonly tokens: number;
  /** Above this, definitions are searched for rather than all sent. */
  readonly threshold: number;
  readonly mode: NonNullable<ToolSearchOptions['mode']>;
  /** Whether the next model call searches (the enabled definitions are over the threshold and the mode is not `off`). */
  readonly searching: boolean;
  /** How tokens are estimated. */
  readonly estimate: string;
}

interface Enabled {
  readonly version: string;
  readonly tools: readonly (OfferableTool & { entry: HostTool })[];
  index: ToolIndex<HostTool> | undefined;
}

/** The host's tool context. */
export class ToolContext {
  readonly switches: ToolSwitches = new ToolSwitches();
  readonly #registry: ToolRegistry;
  readonly #options: ToolSearchOptions;
  #switchVersion = 0;
  #enabled: Enabled | undefined;

  constructor(registry: ToolRegistry, options: ToolSearchOptions = {}) {
    this.#registry = registry;
    this.#options = options;
  }

  /** The search options. */
  get options(): ToolSearchOptions {
    return this.#options;
  }

  /** Whether `entry` is switched on. */
  enabled(entry: HostTool): boolean {
    return this.switches.enabled(entry.server, entry.tool.name);
  }

  /** The tools switched on, with their definitions and costs. */
  enabledTools(): readonly (OfferableTool & { entry: HostTool })[] {
    const version = `${String(this.#registry.version)}:${String(this.#switchVersion)}`;
    if (this.#enabled?.version !== version) {
      const definitions = this.#registry.modelTools();
      // Definitions and entries pair up by index only over the model's entries (app-only tools are never offered).
      const tools = this.#registry.modelEntries().flatMap((entry, i) => {
        const definition = definitions[i];
        return definition === undefined || !this.enabled(entry) ? [] : [{ entry, definition, tokens: toolTokens(definition) }];
      });
      this.#enabled = { version, tools, index: undefined };
    }
    return this.#enabled.tools;
  }

  /**
   * Switches tools on or off: `server`, `server/tool`, or a model name.
   * Resolves with how many listed tools it covers; a server or tool nobody
   * has is `INVALID_ARGUMENT`, naming the closest. A server not up yet is
   * switched by name (its tools are unknown).
   */
  setEnabled(target: string, on: boolean, servers: readonly string[]): number {
    const entries = this.#registry.entries();
    const byModelName = this.#registry.resolve(target);
    const slash = target.indexOf('/');
    const server = byModelName?.server ?? (slash < 0 ? target : target.slice(0, slash));
    const tool = byModelName?.tool.name ?? (slash < 0 ? undefined : target.slice(slash + 1));
    if (!servers.includes(server)) {
      const near = closest(server, servers);
      throw new LocalError(
        'INVALID_ARGUMENT',
        `no server ${JSON.stringify(server)}${near === undefined ? '' : `; did you mean ${near}?`}`,
      );
    }
    const own = entries.filter((e) => e.server === server);
    if (tool !== undefined && own.length > 0 && !own.some((e) => e.tool.name === tool)) {
      const near = closest(
        tool,
        own.map((e) => e.tool.name),
      );
      throw new LocalError(
        'INVALID_ARGUMENT',
        `server ${server} has no tool ${JSON.stringify(tool)}${near === undefined ? '' : `; did you mean ${server}/${near}?`}`,
      );
    }
    this.switches.set(server, tool, on);
    this.#switchVersion++;
    return tool === undefined ? own.length : 1;
  }

  /** The enabled tools best matching `query`. */
  search(query: string, options: SearchOptions = {}): SearchHit<HostTool>[] {
    const enabled = this.enabledTools();
    const cache = this.#enabled as Enabled;
    cache.index ??= new ToolIndex(
      enabled.map((t) => ({
        value: t.entry,
        server: t.entry.server,
        name: `${t.entry.tool.name} ${t.entry.server}`,
        title: t.entry.tool.title ?? t.entry.tool.annotations?.title,
        description: t.entry.tool.description,
      })),
    );
    return cache.index.search(query, { limit: this.#options.maxResults ?? 5, ...options });
  }

  /**
   * Runs the host's `search_tools` call: what the model reads, and the model
   * names it found (added to `found`, so they are offered from the next call on).
   */
  runSearch(input: Readonly<Record<string, unknown>>, found: Set<string>): { text: string; isError: boolean } {
    const query = input['query'];
    if (typeof query !== 'string' || query.trim() === '')
      return { text: `${SEARCH_TOOL_NAME} needs a "query": what the tool should do, in a few words.`, isError: true };
    const hits = this.search(query);
    for (const h of hits) found.add(h.value.name);
    return { text: searchResultText(query, hits), isError: false };
  }

  /** The definitions of one model call. */
  offer(
    found: ReadonlySet<string>,
    messages: readonly ModelMessage[],
    nativeSearch: boolean,
    servers: readonly string[],
  ): OfferedTools {
    return offerTools({ tools: this.enabledTools(), found, messages, nativeSearch, options: this.#options, servers });
  }

  /** What each server's definitions cost. */
  report(servers: readonly string[]): ToolContextReport {
    const costs = new Map<string, { tools: number; enabled: number; tokens: number; disabledTokens: number }>(
      servers.map((s) => [s, { tools: 0, enabled: 0, tokens: 0, disabledTokens: 0 }]),
    );
    const definitions = this.#registry.modelTools();
    this.#registry.modelEntries().forEach((entry, i) => {
      const cost = costs.get(entry.server);
      const definition = definitions[i];
      if (cost === undefined || definition === undefined) return;
      const tokens = toolTokens(definition);
      cost.tools++;
      if (this.enabled(entry)) {
        cost.enabled++;
        cost.tokens += tokens;
      } else cost.disabledTokens += tokens;
    });
    const tokens = [...costs.values()].reduce((sum, c) => sum + c.tokens, 0);
    const threshold = this.#options.threshold ?? DEFAULT_TOOL_SEARCH_THRESHOLD;
    const mode = this.#options.mode ?? 'auto';
    return {
      servers: [...costs].map(([server, c]) => ({ server, ...c })),
      tokens,
      threshold,
      mode,
      searching: mode !== 'off' && tokens > threshold,
      estimate: 'each definition as JSON (name, description, input schema), 4 characters a token',
    };
  }
}
