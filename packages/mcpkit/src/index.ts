/**
 * `mcpkit`: the essentials in one import. Subpaths (`mcpkit/server`,
 * `mcpkit/client`, `mcpkit/stdio`, `mcpkit/http`, `mcpkit/testing`, ...) hold
 * the rest, so an application loads only what it uses.
 *
 * @module
 */
export { LocalError, type LocalErrorCode } from './jsonrpc/localError.js';
export { RpcError } from './jsonrpc/rpcError.js';
export type { Transport, TransportSink, MessageInfo, SendOptions } from './jsonrpc/transport.js';
export { ErrorCode } from './protocol/errorCodes.js';
export { LATEST_REVISION, REVISIONS, type Revision } from './protocol/versions.js';
export { McpServer, ToolError } from './server/index.js';
export { McpClient } from './client/index.js';
