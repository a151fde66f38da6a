/**
 * `mcpkit/node`: what needs Node's own APIs: serving MCP over `node:http`
 * (`serveHttp`, `createNodeHandler`) and over stdio, and the HTTP client
 * transports (`connectHttp`, `StreamableHttpClientTransport`,
 * `SseClientTransport`) carried by `node:http` instead of `fetch`.
 *
 * @module
 */
export * from './http/index.js';
export * from './http/client/connect.js';
export { NodeHttpClient, type NodeHttpClientOptions } from './http/client/nodeHttpClient.js';
export * from './stdio/index.js';
