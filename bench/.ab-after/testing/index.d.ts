/**
 * `mcpkit/testing`: what tests of MCP code need: the in-memory transport pair
 * (the default harness) and wire-level helpers.
 *
 * @module
 */
export { createInMemoryPair, InMemoryTransport, type InMemoryPairOptions } from '../jsonrpc/memoryTransport.js';
//# sourceMappingURL=index.d.ts.map