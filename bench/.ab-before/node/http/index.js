/**
 * The native `node:http` face of MCP over HTTP (re-exported by `mcpkit/node`).
 *
 * @module
 */
export { createNodeHandler } from './nodeHandler.js';
export { NodeExchange } from './nodeExchange.js';
export { isLoopback, serveHttp } from './serveHttp.js';
//# sourceMappingURL=index.js.map