/** The zod echo as an mcpkit user writes it: `McpServer` from `mcpkit/server`, stdio from `mcpkit/stdio`. */
import { McpServer } from 'mcpkit/server';
import { StdioServerTransport } from 'mcpkit/stdio';
import { z } from 'zod';

const server = new McpServer({ name: 'zod-echo', version: '1.0.0' });
server.tool(
  { name: 'echo', description: 'Echoes the message back', input: z.object({ message: z.string() }) },
  ({ message }) => message,
);
await server.connect(new StdioServerTransport());
