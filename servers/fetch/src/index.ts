/**
 * `@mcpkit/server-fetch`: a URL as readable Markdown for a model, a drop-in
 * for the official Python `mcp-server-fetch` (same tool, prompt, arguments
 * and texts) that cannot be turned against the network it runs in: it
 * fetches public addresses only (every spelling of a private one refused,
 * host names judged by the address actually connected to, redirects
 * included) unless its operator allows a host or private networks.
 *
 * @module
 */
import { McpServer, ToolError } from 'mcpkit/server';
import { FetchFailure } from './errors.js';
import { Fetcher, parseUrl } from './fetcher.js';
import { AddressPolicy } from './net/policy.js';
import { parseProxy } from './net/proxy.js';
import { page } from './paging.js';
import type { FetchServerOptions } from './options.js';

export { parseFetchArgs } from './args.js';
export type { FetchServerOptions } from './options.js';
export { FetchFailure, FetchRefused } from './errors.js';
export { USER_AGENT_AUTONOMOUS, USER_AGENT_MANUAL } from './fetcher.js';

/** The server's name (`serverInfo.name`). */
export const SERVER_NAME = 'mcpkit-fetch';
/** Its version. */
export const SERVER_VERSION = '0.1.0';

/** The official input schema (pydantic's `Fetch.model_json_schema()`). */
const FETCH_INPUT = {
  description: 'Parameters for fetching a URL.',
  properties: {
    url: { description: 'URL to fetch', format: 'uri', minLength: 1, title: 'Url', type: 'string' },
    max_length: {
      default: 5000,
      description: 'Maximum number of characters to return.',
      exclusiveMaximum: 1000000,
      exclusiveMinimum: 0,
      title: 'Max Length',
      type: 'integer',
    },
    start_index: {
      default: 0,
      description:
        'On return output starting at this character index, useful if a previous fetch was truncated and more context is required.',
      minimum: 0,
      title: 'Start Index',
      type: 'integer',
    },
    raw: {
      default: false,
      description: 'Get the actual HTML content of the requested page, without simplification.',
      title: 'Raw',
      type: 'boolean',
    },
  },
  required: ['url'],
  title: 'Fetch',
  type: 'object',
} as const;

const DESCRIPTION = `Fetches a URL from the internet and optionally extracts its contents as markdown.

Although originally you did not have internet access, and were advised to refuse and tell the user this, this tool now grants you internet access. Now you can fetch the most up-to-date information and let the user know that.`;

interface FetchArgs {
  readonly url: string;
  readonly max_length?: number;
  readonly start_index?: number;
  readonly raw?: boolean;
}

function registerTool(server: McpServer, fetcher: Fetcher): void {
  server.tool(
    {
      name: 'fetch',
      title: 'Fetch',
      description: DESCRIPTION,
      input: FETCH_INPUT,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    },
    async (args, ctx) => {
      const { url: text, max_length: maxLength = 5000, start_index: startIndex = 0, raw = false } = args as FetchArgs;
      try {
        const url = parseUrl(text);
        const { content, prefix } = await fetcher.autonomous(url, raw, ctx.signal);
        return `${prefix}Contents of ${url.href}:\n${page(content, startIndex, maxLength)}`;
      } catch (error) {
        if (error instanceof FetchFailure) throw new ToolError(error.message);
        throw error;
      }
    },
  );
}

function registerPrompt(server: McpServer, fetcher: Fetcher): void {
  server.prompt(
    {
      name: 'fetch',
      description: 'Fetch a URL and extract its contents as markdown',
      arguments: [{ name: 'url', description: 'URL to fetch', required: true }],
    },
    async (args, ctx) => {
      const url = String(args['url']);
      try {
        const { content, prefix } = await fetcher.manual(parseUrl(url), ctx.signal);
        return {
          description: `Contents of ${url}`,
          messages: [{ role: 'user', content: { type: 'text', text: prefix + content } }],
        };
      } catch (error) {
        if (!(error instanceof FetchFailure)) throw error;
        return {
          description: `Failed to fetch ${url}`,
          messages: [{ role: 'user', content: { type: 'text', text: error.message } }],
        };
      }
    },
  );
}

/** Creates the fetch server. Throws `FetchFailure` for an unusable `allowHosts` entry or proxy URL. */
export function createFetchServer(options: FetchServerOptions = {}): McpServer {
  const policy = new AddressPolicy({ allowHosts: options.allowHosts ?? [], allowPrivate: options.allowPrivate ?? false });
  const fetcher = new Fetcher({
    policy,
    userAgent: options.userAgent,
    ignoreRobotsTxt: options.ignoreRobotsTxt ?? false,
    timeoutMs: options.timeoutMs ?? 30_000,
    maxBytes: options.maxBytes ?? 10 * 1024 * 1024,
    maxRedirects: options.maxRedirects ?? 10,
    resolve: options.resolve,
    proxy: options.proxyUrl === undefined ? undefined : parseProxy(options.proxyUrl),
  });
  const server = new McpServer({
    name: SERVER_NAME,
    version: SERVER_VERSION,
    title: 'mcpkit fetch server',
    description: 'Fetches web pages as Markdown; public addresses only unless its operator allows more.',
  });
  registerTool(server, fetcher);
  registerPrompt(server, fetcher);
  return server;
}
