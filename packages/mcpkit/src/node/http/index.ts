/**
 * The native `node:http` face of MCP over HTTP (re-exported by `mcpkit/node`).
 *
 * @module
 */
export { createNodeHandler, type NodeHandler } from './server/nodeHandler.js';
export { NodeExchange } from './server/nodeExchange.js';
export { isLoopback, serveHttp, type HttpServerHandle, type ServeHttpOptions } from './server/serveHttp.js';
