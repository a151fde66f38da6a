/** mcpkit over stdio: `McpServer` + `StdioServerTransport`, the echo tool with a JSON Schema input. */
import '../lib/stats.mjs';
import { McpServer } from '../.ab-old/dist/server/index.js';
import { StdioServerTransport } from '../.ab-old/dist/node/stdio/index.js';
import { defineEcho } from './mcpkit-echo.mjs';

const server = defineEcho(new McpServer({ name: 'mcpkit-echo', version: '1.0.0' }));
await server.connect(new StdioServerTransport());
