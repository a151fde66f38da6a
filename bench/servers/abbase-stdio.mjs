/** mcpkit over stdio: `McpServer` + `StdioServerTransport`, the echo tool with a JSON Schema input. */
import '../lib/stats.mjs';
import { McpServer } from '../.ab-base/packages/mcpkit/dist/server/index.js';
import { StdioServerTransport } from '../.ab-base/packages/mcpkit/dist/node/stdio/index.js';
import { defineEcho } from './mcpkit-echo.mjs';

const server = defineEcho(new McpServer({ name: 'mcpkit-echo', version: '1.0.0' }));
await server.connect(new StdioServerTransport());
