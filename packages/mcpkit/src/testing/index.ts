/**
 * `mcpkit/testing`: what tests of MCP code need. `connectInMemory(server)`
 * gives a connected client (either era) that records the wire and the input
 * the server asked for; small runner-neutral expectations check tool results
 * and JSON-RPC errors; the in-memory transport pair and the wire recorder
 * serve tests that build their own peers.
 *
 * @module
 */
export { createInMemoryPair, InMemoryTransport, type InMemoryPairOptions } from '../jsonrpc/index.js';
export { AssertionError } from './assertionError.js';
export {
  connectInMemory,
  type TestClient,
  type ConnectInMemoryOptions,
  type InMemoryServable,
  type RecordedInputRequest,
} from './connectInMemory.js';
export { expectRpcError, expectToolError, expectToolResult, toolText, type TextMatcher } from './expectations.js';
export { recordWire, WireLog, type WireEntry, type WireSide } from './wireLog.js';
