/**
 * How the gateway's progressive discovery finds tools for a query. The host's
 * own tool search is being built elsewhere; until the gateway can use it,
 * this small interface stands in front of a plain keyword scorer (words of
 * the query found in a tool's name, title and description, the name counting
 * most), so swapping in the host's search is one constructor argument.
 *
 * @module
 */
import type { Tool } from 'mcpkit/protocol';

/** Finds the tools that best match a query. */
export interface ToolSearch {
  search(query: string, tools: readonly Tool[], limit: number): Tool[];
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1);
}

/** A keyword scorer: no index, no dependency; enough for hundreds of tools. */
export const keywordSearch: ToolSearch = {
  search(query, tools, limit) {
    const terms = words(query);
    if (terms.length === 0) return tools.slice(0, limit);
    const scored = tools.map((tool) => {
      const name = words(tool.name);
      const rest = words(`${tool.title ?? ''} ${tool.description ?? ''}`);
      let score = 0;
      for (const t of terms) {
        if (name.includes(t)) score += 3;
        else if (name.some((n) => n.startsWith(t))) score += 2;
        if (rest.includes(t)) score += 1;
        else if (rest.some((w) => w.startsWith(t))) score += 0.5;
      }
      return { tool, score };
    });
    return scored
      .filter((s) => s.score > 0)
      .sort((a, b) => b.score - a.score || a.tool.name.localeCompare(b.tool.name))
      .slice(0, limit)
      .map((s) => s.tool);
  },
};
