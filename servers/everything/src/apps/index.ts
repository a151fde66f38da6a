/**
 * The everything server's app: `show_server_time` renders the server-time
 * app, whose button calls `get_server_time` (visible only to apps) back
 * through the host.
 *
 * @module
 */
import { appToolMeta, registerApp, type McpServer } from 'mcpkit/server';
import { z } from 'zod';
import { SERVER_TIME_HTML } from './serverTimeHtml.js';

/** The app's resource. */
export const SERVER_TIME_APP_URI = 'ui://everything/server-time.html';

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;

function now(): { content: { type: 'text'; text: string }[]; structuredContent: { time: string } } {
  const time = new Date().toISOString();
  return { content: [{ type: 'text', text: `The server time is ${time}` }], structuredContent: { time } };
}

/** Registers the app and its two tools. */
export function registerApps(server: McpServer): void {
  registerApp(server, {
    uri: SERVER_TIME_APP_URI,
    name: 'server-time',
    title: 'Server time',
    description: 'Shows the server time, and gets it again on request.',
    html: SERVER_TIME_HTML,
    prefersBorder: true,
  });
  const output = z.object({ time: z.string() });
  server.tool(
    {
      name: 'show_server_time',
      title: 'Show server time',
      description: 'Returns the server time; hosts that render MCP Apps show it in an interactive app.',
      output,
      annotations: { title: 'Show server time', ...READ_ONLY },
      _meta: appToolMeta({ resourceUri: SERVER_TIME_APP_URI }),
    },
    now,
  );
  server.tool(
    {
      name: 'get_server_time',
      title: 'Get server time',
      description: 'Returns the server time. Called by the server-time app only.',
      output,
      annotations: { title: 'Get server time', ...READ_ONLY },
      _meta: appToolMeta({ visibility: ['app'] }),
    },
    now,
  );
}
