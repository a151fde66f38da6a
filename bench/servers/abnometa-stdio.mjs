import '../lib/stats.mjs';
const { McpServer } = await import('../.ab-after/server/index.js');
const { StdioServerTransport } = await import('../.ab-after/node/stdio/index.js');
const { defineEcho } = await import('./mcpkit-echo.mjs');
const server = defineEcho(new McpServer({ name: 'x', version: '1.0.0' }));
await server.connect(new StdioServerTransport());
