// A server with a tool, a resource template and a prompt, on stdio.
// Run: node examples/dist/server.js (after `npm run build:examples`), or read it.
import { McpServer } from 'mcpkit/server';
import { StdioServerTransport } from 'mcpkit/stdio';
import { z } from 'zod';

const server = new McpServer({ name: 'example', version: '1.0.0' });

// Arguments are validated against the schema and typed from it.
server.tool(
  {
    name: 'add',
    description: 'Adds two numbers',
    input: z.object({ a: z.number(), b: z.number() }),
    output: z.object({ sum: z.number() }),
  },
  ({ a, b }) => ({ sum: a + b }), // structured content, plus its JSON as text
);

// Variables are typed from the template: { id: string }.
server.resourceTemplate({ uriTemplate: 'notes://{id}', name: 'note', mimeType: 'text/plain' }, (_uri, { id }) => `Note ${id}`);

// One handler serves every revision: a real request to a 2025 client, an input_required round trip with a 2026 one.
server.tool({ name: 'greet', description: 'Asks for a name, then greets' }, async (_args, ctx) => {
  const answer = await ctx.elicit({
    message: 'What is your name?',
    requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  });
  return answer.action === 'accept' ? `Hello, ${String(answer.content?.['name'])}!` : 'Maybe later.';
});

server.prompt(
  { name: 'review', description: 'Asks for a code review', arguments: [{ name: 'code', required: true }] },
  ({ code }) => `Please review:\n${String(code)}`,
);

await server.connect(new StdioServerTransport());
