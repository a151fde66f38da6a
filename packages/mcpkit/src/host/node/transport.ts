/**
 * `mcpkit/host/transport`: a server to reach, without the rest of the host.
 * The one description of a server (`ServerConfig`, read from every config
 * dialect), what makes one from what a user types (`inferServer`), what
 * turns one into a transport (`transportFor` over `fetch`, `nodeTransportFor`
 * adding processes), and the one OAuth hook-up (`serverOAuth`). The CLI's
 * client commands, its bridge and the inspector import this entry, so they
 * start without loading the host's model providers and loop; `mcpkit/host`
 * exports the same names.
 *
 * @module
 */
export { inferServer, type InferServerOptions, type ServerInput } from '../config/inferServer.js';
export { ConfigError } from '../errors.js';
export type { HttpServerConfig, ServerConfig, ServerOAuthConfig, StdioServerConfig } from '../config/types.js';
export { transportFor, type ServerAuth, type TransportOptions } from '../servers/transportFor.js';
export { nodeTransportFor, type NodeTransportOptions } from './nodeTransportFor.js';
export { serverOAuth, userTokenFile, type ServerOAuth, type ServerOAuthOptions } from './serverAuth.js';
