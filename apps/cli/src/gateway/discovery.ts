/**
 * Progressive discovery: instead of every upstream tool, callers see two,
 * `search_tools` (which tools fit a query, with their schemas) and
 * `call_tool` (call one by name), so a host with a small context can still
 * reach hundreds of tools. It is middleware outside the policy: what it
 * searches is what the policy lets the caller see, and its calls go through
 * the policy like the caller's own, so it finds and calls nothing the caller
 * could not.
 *
 * @module
 */
import { RpcError } from 'mcpkit/jsonrpc';
import type { CallToolResult, Result, Tool } from 'mcpkit/protocol';
import type { Middleware } from 'mcpkit/server';
import type { ToolSearch } from './toolSearch.js';

export const SEARCH_TOOL = 'search_tools';
export const CALL_TOOL = 'call_tool';
/** The most results one search answers. */
const MAX_RESULTS = 50;

const TOOLS: readonly Tool[] = [
  {
    name: SEARCH_TOOL,
    description:
      'Finds tools for a task among every tool this gateway can reach. Returns their names, descriptions and input schemas; call one with call_tool.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'What the tool should do, in a few words' },
        limit: { type: 'integer', minimum: 1, maximum: MAX_RESULTS, description: 'How many tools to return (default 10)' },
      },
      required: ['query'],
    },
  },
  {
    name: CALL_TOOL,
    description: 'Calls a tool found with search_tools, by its name, with its arguments.',
    inputSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'The tool name search_tools gave' },
        arguments: { type: 'object', description: 'The arguments, as its input schema says' },
      },
      required: ['name'],
    },
  },
];

function text(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] };
}

/** Every tool a caller (by its `ctx.auth`) may see, as the gateway would list it. */
export type Catalog = (auth: unknown) => readonly Tool[];

/**
 * The discovery middleware. Searches read `catalog` (a middleware's `next`
 * serves only the method it was given, so the list cannot be asked of it);
 * calls go on through `next`, and so through the policy.
 */
export function discovery(search: ToolSearch, catalog: Catalog): Middleware {
  return (next) => async (request, ctx) => {
    if (request.method === 'tools/list') return { tools: [...TOOLS] } as Result;
    if (request.method !== 'tools/call') return next(request, ctx);
    const args = (request.params['arguments'] ?? {}) as Record<string, unknown>;
    if (request.params['name'] === SEARCH_TOOL) {
      const query = args['query'];
      if (typeof query !== 'string') throw RpcError.invalidParams('search_tools needs a query (a string)');
      const limit = typeof args['limit'] === 'number' ? Math.min(Math.max(1, Math.floor(args['limit'])), MAX_RESULTS) : 10;
      const found = search.search(query, catalog(ctx.auth), limit);
      return text(found.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })));
    }
    if (request.params['name'] === CALL_TOOL) {
      const name = args['name'];
      if (typeof name !== 'string') throw RpcError.invalidParams('call_tool needs the name of a tool');
      const inner = args['arguments'] ?? {};
      const meta = request.params['_meta'];
      return next({ method: 'tools/call', params: { name, arguments: inner, ...(meta !== undefined && { _meta: meta }) } }, ctx);
    }
    throw RpcError.invalidParams(
      `Unknown tool: ${String(request.params['name'])} (this gateway offers ${SEARCH_TOOL} and ${CALL_TOOL})`,
    );
  };
}
