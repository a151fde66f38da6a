// A client that talks to any server, whatever revision or transport it speaks.
import { McpClient } from 'mcpkit/client';
import { StdioClientTransport } from 'mcpkit/stdio';

const client = new McpClient({
  name: 'example-client',
  version: '1.0.0',
  handlers: {
    // Answers the server's questions, in either era.
    elicitation: { form: () => ({ action: 'accept', content: { name: 'Ada' } }) },
  },
});

await client.connect(new StdioClientTransport({ command: 'npx', args: ['mcpkit', 'serve', 'everything'] }));
console.log(`connected: ${client.serverInfo?.name ?? '?'} speaks ${client.revision ?? '?'} (${client.era ?? '?'})`);

for await (const tool of client.tools()) console.log(`- ${tool.name}: ${tool.description ?? ''}`);

const result = await client.callTool({ name: 'echo', arguments: { message: 'hi' } });
console.log(result.content);
await client.close();
