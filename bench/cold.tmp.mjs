const t = [performance.now()];
const { McpServer } = await import('mcpkit/server');
t.push(performance.now());
const { StdioServerTransport } = await import('mcpkit/stdio');
t.push(performance.now());
const { defineEcho } = await import('./servers/mcpkit-echo.mjs');
const server = defineEcho(new McpServer({ name: 'x', version: '1' }));
t.push(performance.now());
console.error(t.map((x, i) => (i ? (x - t[i - 1]).toFixed(1) : x.toFixed(1))).join(' '));
