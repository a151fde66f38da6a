/**
 * `mcpkit/jsonrpc`: the JSON-RPC 2.0 engine (codec, connection, transport
 * interface). It knows nothing of MCP.
 *
 * @module
 */
export {
  decode,
  decodeValue,
  encode,
  isValidId,
  type DecodedBatch,
  type DecodedMessage,
  type DecodeFailure,
  type DecodeOptions,
  type DecodeResult,
} from './codec.js';
export { Connection } from './connection.js';
export type { ConnectionOptions, NotificationHandler, RequestHandler } from './connectionOptions.js';
export type { CancellationConvention, NotificationSpec, ProgressConvention } from './conventions.js';
export { JsonRpcErrorCode } from './errorCodes.js';
export type { RequestContext } from './incoming.js';
export { DEFAULT_MAX_LINE_BYTES, LineDecoder, type LineSink } from './lineDecoder.js';
export { LocalError, type LocalErrorCode } from './localError.js';
export { createInMemoryPair, InMemoryTransport, type InMemoryPairOptions } from './memoryTransport.js';
export {
  isErrorResponse,
  isNotification,
  isRequest,
  isResponse,
  type JsonRpcErrorObject,
  type JsonRpcErrorResponse,
  type JsonRpcMessage,
  type JsonRpcNotification,
  type JsonRpcPayload,
  type JsonRpcRequest,
  type JsonRpcResponse,
  type JsonRpcResultResponse,
  type Params,
  type RequestId,
} from './message.js';
export type { RequestOptions } from './pending.js';
export { RpcError, toRpcError, type ToRpcErrorOptions } from './rpcError.js';
export type { Frame, MessageInfo, NetworkKind, SendOptions, Transport, TransportSink } from './transport.js';
export type { ConnectionObserver, ObservedOutcome, ObservedReceive, ObservedSend } from './observer.js';
