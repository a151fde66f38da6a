/**
 * `mcpkit/node`: what needs Node's own APIs: serving MCP over `node:http`
 * (`serveHttp`, `createNodeHandler`) and over stdio, and the HTTP client
 * transports (`nodeHttpTransport`, `NodeStreamableHttpClientTransport`,
 * `NodeSseClientTransport`) carried by `node:http` instead of `fetch`.
 *
 * @module
 */

// HTTP, the server side: the native `node:http` face of `mcpkit/http`'s handler.
export { createNodeHandler, type NodeHandler } from './http/server/nodeHandler.js';
export { NodeExchange } from './http/server/nodeExchange.js';
export { serveHttp, type HttpServerHandle, type ServeHttpOptions } from './http/server/serveHttp.js';

// HTTP, the client side: `mcpkit/http`'s transports over `node:http`.
export { nodeHttpTransport, NodeSseClientTransport, NodeStreamableHttpClientTransport } from './http/client/nodeHttpTransport.js';
export { NodeHttpClient, type NodeHttpClientOptions } from './http/client/nodeHttpClient.js';

// Addresses: what is not the public Internet, and connections that reach only the addresses a check allows.
export { addressKind, hostKind, withArticle, type AddressKind } from '../net/addressKind.js';
export { guardedLookup, watchSocket, type AddressCheck } from './net/guardedLookup.js';
export { guardedFetch, type GuardedFetchOptions } from './net/guardedFetch.js';

// Authorization, the Node parts: the loopback redirect with a browser, and a token file per user.
export { LoopbackAuthorization, type LoopbackAuthorizationOptions } from './auth/loopbackAuthorization.js';
export { FileTokenStore, defaultTokenFile } from './auth/fileTokenStore.js';
export { guardedAuthFetch } from './auth/guardedAuthFetch.js';
export { hasBrowser, openBrowser } from './auth/openBrowser.js';

// stdio (also `mcpkit/stdio`).
export {
  defaultEnvironment,
  DEFAULT_INHERITED_ENV_VARS,
  StdioClientTransport,
  StdioServerTransport,
  StreamTransport,
  type ExitInfo,
  type StdioClientTransportOptions,
  type StdioServerTransportOptions,
  type StreamTransportOptions,
} from './stdio/index.js';
