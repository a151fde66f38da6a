/**
 * "Resource not found" in both eras. Revisions up to 2025-11-25 answer an
 * unknown resource with -32002; 2026-07-28 answers -32602 (with `data.uri`)
 * and asks clients to keep accepting -32002. `readResource` turns either into
 * a {@link ResourceNotFoundError}, which is still an `RpcError` with the
 * server's code, message and data.
 *
 * @see https://modelcontextprotocol.io/specification/2026-07-28/server/resources#error-handling
 * @module
 */
import { RpcError } from '../jsonrpc/rpcError.js';
/** The server has no resource at `uri` (its error, with its code: -32002 or -32602). */
export declare class ResourceNotFoundError extends RpcError {
    /** The URI that was read. */
    readonly uri: string;
    constructor(uri: string, error: RpcError);
}
/** True if `error` says a resource does not exist, whatever the server's era. */
export declare function isResourceNotFound(error: unknown): error is RpcError;
/**
 * The error `resources/read` of `uri` should surface: a not-found error when
 * the server said so, else `error` unchanged. -32602 is read as "not found"
 * when it names the URI in `data.uri` (as 2026-07-28 servers do) or says so in
 * its message; other -32602s (a bad `requestState`, say) stay what they are.
 */
export declare function toReadError(uri: string, error: unknown): unknown;
//# sourceMappingURL=errors.d.ts.map