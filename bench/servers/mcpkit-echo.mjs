/** The echo tool, as an mcpkit author writes it. */
export function defineEcho(server) {
  server.tool(
    {
      name: 'echo',
      description: 'Echoes the message back',
      input: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
    },
    ({ message }) => message,
  );
  // For bench/notify.mjs: `count` progress notifications, then a result.
  server.tool(
    {
      name: 'notify',
      description: 'Sends count progress notifications',
      input: { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] },
    },
    ({ count }, ctx) => {
      for (let i = 1; i <= count; i++) ctx.progress(i, count);
      return `sent ${count}`;
    },
  );
  return server;
}
