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
  // For bench/notify.mjs only (BENCH_NOTIFY=1), so that the reported runs serve exactly the echo tool:
  // `count` progress notifications, then a result.
  if (process.env.BENCH_NOTIFY === '1') {
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
  }
  return server;
}
