// The same server over Streamable HTTP: one endpoint for 2024-11-05 (HTTP+SSE),
// 2025-11-25 (sessions) and 2026-07-28 (stateless) clients.
import { serveHttp } from 'mcpkit/node';
import { McpServer } from 'mcpkit/server';

const server = new McpServer({ name: 'example-http', version: '1.0.0' });
server.tool({ name: 'now', description: 'The server time' }, () => new Date().toISOString());

// Binds 127.0.0.1 with Host/Origin checks by default.
const http = await serveHttp(server, { port: 3000 });
console.log(`MCP endpoint: ${http.url}`);
