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
  return server;
}
