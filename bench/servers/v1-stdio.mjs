/** Official SDK v1: `McpServer` + its `StdioServerTransport`, the echo tool with a zod input. */
import '../lib/stats.mjs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { defineEcho } from './v1-echo.mjs';

const server = defineEcho(new McpServer({ name: 'v1-echo', version: '1.0.0' }));
await server.connect(new StdioServerTransport());
