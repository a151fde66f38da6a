/**
 * How the gateway's progressive discovery finds tools for a query: the
 * host's own ranking (`ToolIndex` of `mcpkit/host`, BM25 over names, titles
 * and descriptions with per-field caps against stuffed descriptions), so a
 * caller of the gateway and a model in `mcpkit chat` find the same tools.
 *
 * @module
 */
import { ToolIndex } from 'mcpkit/host';
import type { Tool } from 'mcpkit/protocol';

/** Finds the tools that best match a query. */
export interface ToolSearch {
  search(query: string, tools: readonly Tool[], limit: number): Tool[];
}

/** The host's ranking, its index built once per list (lists are replaced, never changed, on list_changed). */
export function indexedSearch(): ToolSearch {
  const indexes = new WeakMap<readonly Tool[], ToolIndex<Tool>>();
  return {
    search(query, tools, limit) {
      let index = indexes.get(tools);
      if (index === undefined) {
        index = new ToolIndex(
          tools.map((tool) => ({ value: tool, name: tool.name, title: tool.title, description: tool.description })),
        );
        indexes.set(tools, index);
      }
      return index.search(query, { limit }).map((hit) => hit.value);
    },
  };
}
