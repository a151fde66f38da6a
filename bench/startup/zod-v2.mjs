/** The zod echo as an official v2 SDK user writes it: `McpServer` + `serveStdio` from `@modelcontextprotocol/server`. */
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

serveStdio(() => {
  const server = new McpServer({ name: 'zod-echo', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Echoes the message back', inputSchema: z.object({ message: z.string() }) },
    ({ message }) => ({ content: [{ type: 'text', text: message }] }),
  );
  return server;
});
