/**
 * The native `node:http` face of MCP over HTTP (re-exported by `mcpkit/node`).
 *
 * @module
 */
export { createNodeHandler, type NodeHandler } from './nodeHandler.js';
export { NodeExchange } from './nodeExchange.js';
export { isLoopback, serveHttp, type HttpServerHandle, type ServeHttpOptions } from './serveHttp.js';
//# sourceMappingURL=index.d.ts.map