/** The echo tool, as a v1 SDK author writes it. */
import { z } from 'zod';

export function defineEcho(server) {
  server.registerTool(
    'echo',
    { description: 'Echoes the message back', inputSchema: { message: z.string() } },
    ({ message }) => ({
      content: [{ type: 'text', text: message }],
    }),
  );
  return server;
}
