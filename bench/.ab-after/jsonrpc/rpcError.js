/**
 * The wire error family: anything that crosses the wire as a JSON-RPC error
 * response is an `RpcError`. Unknown throwables become one in exactly one place,
 * {@link toRpcError}.
 *
 * @module
 */
import { JsonRpcErrorCode } from './errorCodes.js';
/** An error that is sent to, or was received from, the peer as a JSON-RPC error. */
export class RpcError extends Error {
    /** The JSON-RPC error code. */
    code;
    /** Optional structured detail, sent as `error.data`. */
    data;
    constructor(code, message, data, options) {
        super(message, options);
        this.name = 'RpcError';
        this.code = code;
        this.data = data;
    }
    /** The wire form, `{ code, message, data? }`. */
    toJSON() {
        return this.data === undefined
            ? { code: this.code, message: this.message }
            : { code: this.code, message: this.message, data: this.data };
    }
    /** Rebuilds an error received from the peer. */
    static fromObject(error) {
        return new RpcError(error.code, error.message, error.data);
    }
    /** -32601: the method does not exist (or is not available in this revision). */
    static methodNotFound(method) {
        return new RpcError(JsonRpcErrorCode.MethodNotFound, `Method not found: ${method}`);
    }
    /** -32602: the params are wrong. */
    static invalidParams(message, data) {
        return new RpcError(JsonRpcErrorCode.InvalidParams, message, data);
    }
    /** -32600: the message is not a valid request. */
    static invalidRequest(message, data) {
        return new RpcError(JsonRpcErrorCode.InvalidRequest, message, data);
    }
    /** -32603: something failed inside the receiver. */
    static internal(message = 'Internal error', cause) {
        return new RpcError(JsonRpcErrorCode.InternalError, message, undefined, { cause });
    }
}
/**
 * The one boundary where unknown throwables become wire errors: an `RpcError`
 * passes through; anything else becomes -32603, its message masked unless the
 * application opted in (internal messages can leak paths, hosts and secrets).
 */
export function toRpcError(error, options) {
    if (error instanceof RpcError)
        return error;
    if (options?.exposeDetails === true) {
        const message = error instanceof Error ? error.message : String(error);
        return RpcError.internal(message || 'Internal error', error);
    }
    return RpcError.internal('Internal error', error);
}
//# sourceMappingURL=rpcError.js.map