import type { JsonRpcErrorObject } from './message.js';
/** An error that is sent to, or was received from, the peer as a JSON-RPC error. */
export declare class RpcError extends Error {
    /** The JSON-RPC error code. */
    readonly code: number;
    /** Optional structured detail, sent as `error.data`. */
    readonly data: unknown;
    constructor(code: number, message: string, data?: unknown, options?: {
        cause?: unknown;
    });
    /** The wire form, `{ code, message, data? }`. */
    toJSON(): JsonRpcErrorObject;
    /** Rebuilds an error received from the peer. */
    static fromObject(error: JsonRpcErrorObject): RpcError;
    /** -32601: the method does not exist (or is not available in this revision). */
    static methodNotFound(method: string): RpcError;
    /** -32602: the params are wrong. */
    static invalidParams(message: string, data?: unknown): RpcError;
    /** -32600: the message is not a valid request. */
    static invalidRequest(message: string, data?: unknown): RpcError;
    /** -32603: something failed inside the receiver. */
    static internal(message?: string, cause?: unknown): RpcError;
}
/** How much of an unexpected failure may reach the peer. */
export interface ToRpcErrorOptions {
    /** Send the thrown error's own message instead of the generic "Internal error". */
    readonly exposeDetails?: boolean;
}
/**
 * The one boundary where unknown throwables become wire errors: an `RpcError`
 * passes through; anything else becomes -32603, its message masked unless the
 * application opted in (internal messages can leak paths, hosts and secrets).
 */
export declare function toRpcError(error: unknown, options?: ToRpcErrorOptions): RpcError;
//# sourceMappingURL=rpcError.d.ts.map