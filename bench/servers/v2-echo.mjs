/** The echo tool, as a v2 SDK author writes it. */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function createEchoServer() {
  const server = new McpServer({ name: 'v2-echo', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Echoes the message back', inputSchema: z.object({ message: z.string() }) },
    ({ message }) => ({
      content: [{ type: 'text', text: message }],
    }),
  );
  return server;
}
