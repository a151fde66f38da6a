/**
 * The host's own tool search, offered to the model as one tool when the
 * definitions are too many to send: `search_tools` takes what the model is
 * looking for in words and answers with the best matches, which are callable
 * from the next model call on. Its name has no `__`, so no server's tool
 * (always `server__tool`) can take it.
 *
 * @module
 */
import { printable } from '../config/review.js';
import type { ModelTool } from '../model/types.js';
import type { HostTool } from '../registry/toolRegistry.js';
import type { SearchHit } from './toolIndex.js';

/** The model name of the host's search tool. */
export const SEARCH_TOOL_NAME = 'search_tools';

/** The most server names the search tool's description lists. */
const MAX_SERVER_NAMES = 40;
/** How much of a found tool's description its result line shows (its full definition comes with the next call). */
const RESULT_DESCRIPTION_CHARS = 200;

/** The search tool's definition. */
export function searchToolDefinition(count: number, servers: readonly string[]): ModelTool {
  const named = servers.slice(0, MAX_SERVER_NAMES).map(printable).join(', ');
  const more = servers.length > MAX_SERVER_NAMES ? `, and ${String(servers.length - MAX_SERVER_NAMES)} more` : '';
  return {
    name: SEARCH_TOOL_NAME,
    description:
      `Finds tools among the ${String(count)} tools of the connected MCP servers (${named}${more}), which are not listed ` +
      'until found. Describe what the tool should do in a few words (its name or a server name help too). The best ' +
      'matches are returned and can be called from your next step on. Search before concluding that no tool can help.',
    inputSchema: {
      type: 'object',
      properties: { query: { type: 'string', description: 'What the tool should do, in a few words.' } },
      required: ['query'],
    },
  };
}

function oneLine(text: string, max: number): string {
  const flat = printable(text.replace(/\s+/g, ' ').trim());
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The search's answer to the model. */
export function searchResultText(query: string, hits: readonly SearchHit<HostTool>[]): string {
  if (hits.length === 0)
    return `No tool matches ${JSON.stringify(oneLine(query, 100))}. Try other words: what the tool does, or its server's name.`;
  const lines = hits.map((h) => {
    const t = h.value.tool;
    const about = t.description ?? t.title ?? t.annotations?.title ?? '';
    return `- ${h.value.name} (server ${printable(h.value.server)}): ${oneLine(about, RESULT_DESCRIPTION_CHARS)}`;
  });
  return `Found ${String(hits.length)} tool${hits.length === 1 ? '' : 's'}, callable from your next step on:\n${lines.join('\n')}`;
}
