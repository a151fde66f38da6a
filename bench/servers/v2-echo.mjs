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
  // For bench/notify.mjs only (BENCH_NOTIFY=1), so that the reported runs serve exactly the echo tool:
  // `count` progress notifications, then a result.
  if (process.env.BENCH_NOTIFY === '1') {
    server.registerTool(
      'notify',
      { description: 'Sends count progress notifications', inputSchema: z.object({ count: z.number().int() }) },
      async ({ count }, ctx) => {
        const progressToken = ctx.mcpReq._meta?.progressToken;
        if (progressToken !== undefined) {
          const sent = [];
          for (let i = 1; i <= count; i++) {
            sent.push(
              ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, progress: i, total: count } }),
            );
          }
          await Promise.all(sent);
        }
        return { content: [{ type: 'text', text: `sent ${count}` }] };
      },
    );
  }
  return server;
}
