/**
 * JSON-RPC 2.0 error codes as named constants.
 *
 * Reserved ranges (JSON-RPC 2.0 §5.1): -32768..-32000 belong to the protocol;
 * -32700 and -32600..-32603 are defined by JSON-RPC itself; -32099..-32000 are
 * "server error" codes that a protocol built on JSON-RPC allocates (MCP's codes
 * live in `protocol/errorCodes.ts`). Applications should use codes outside
 * -32768..-32000.
 *
 * @module
 */
/** The five codes JSON-RPC 2.0 defines. */
export const JsonRpcErrorCode = {
    /** Invalid JSON was received. */
    ParseError: -32700,
    /** The JSON sent is not a valid request object. */
    InvalidRequest: -32600,
    /** The method does not exist or is not available. */
    MethodNotFound: -32601,
    /** Invalid method parameters. */
    InvalidParams: -32602,
    /** Internal JSON-RPC error. */
    InternalError: -32603,
};
//# sourceMappingURL=errorCodes.js.map