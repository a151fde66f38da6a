/**
 * `mcpkit/jsonrpc`: the JSON-RPC 2.0 engine (codec, connection, transport
 * interface). It knows nothing of MCP.
 *
 * @module
 */
export * from './codec.js';
export * from './connection.js';
export * from './connectionOptions.js';
export * from './conventions.js';
export * from './errorCodes.js';
export type { RequestContext } from './incoming.js';
export * from './lineDecoder.js';
export * from './localError.js';
export * from './memoryTransport.js';
export * from './message.js';
export type { RequestOptions } from './pending.js';
export * from './rpcError.js';
export * from './transport.js';
