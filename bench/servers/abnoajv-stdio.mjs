import '../lib/stats.mjs';
import { McpServer } from 'mcpkit/server';
import { StdioServerTransport } from 'mcpkit/stdio';
import { defineEcho } from './mcpkit-echo.mjs';
// A hand-written validator for this one schema: what a built-in compiler for simple schemas would cost.
const validator = { compile: () => (v) => (typeof v === 'object' && v !== null && typeof v.message === 'string' ? { ok: true, value: v } : { ok: false, issues: [{ path: '/message', message: 'must be string' }] }) };
const server = defineEcho(new McpServer({ name: 'x', version: '1.0.0', validator }));
await server.connect(new StdioServerTransport());
