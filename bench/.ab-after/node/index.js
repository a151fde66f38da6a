/**
 * `mcpkit/node`: what needs Node's own APIs: serving MCP over `node:http`
 * (`serveHttp`, `createNodeHandler`) and over stdio.
 *
 * @module
 */
export * from './http/index.js';
export * from './stdio/index.js';
//# sourceMappingURL=index.js.map