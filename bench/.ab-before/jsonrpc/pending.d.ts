import type { Params, RequestId } from './message.js';
import type { JsonRpcErrorObject } from './message.js';
/** Per-call options of an outgoing request. */
export interface RequestOptions {
    /** Abort the call: the promise rejects with a `CANCELLED` local error and the peer is told. */
    readonly signal?: AbortSignal;
    /** Time to wait for the response, in ms (default: the connection's). `Infinity` waits forever. */
    readonly timeoutMs?: number;
    /** Restart the timeout whenever the peer reports progress (never past `maxTotalTimeoutMs`). */
    readonly resetTimeoutOnProgress?: boolean;
    /** The hard limit from the start of the call, which progress cannot extend (default: the connection's). */
    readonly maxTotalTimeoutMs?: number;
    /** Receives the params of each progress notification the peer sends for this call. */
    readonly onProgress?: (params: Params) => void;
    /** The inbound request this call is made on behalf of (see `SendOptions.relatedRequestId`). */
    readonly relatedRequestId?: RequestId;
}
/** What the pending request needs from its connection. */
export interface PendingHost {
    /** Forget the request (it settled). */
    settle(id: RequestId, progressToken: RequestId | undefined): void;
    /** Tell the peer the request was abandoned. */
    cancelRemote(id: RequestId, reason: string): void;
}
/** An outgoing request in flight. */
export declare class PendingRequest {
    #private;
    readonly id: RequestId;
    readonly method: string;
    readonly promise: Promise<unknown>;
    /** The token progress notifications for this call carry, if any. */
    readonly progressToken: RequestId | undefined;
    constructor(host: PendingHost, id: RequestId, method: string, progressToken: RequestId | undefined, options: RequestOptions | undefined, defaults: {
        readonly timeoutMs: number;
        readonly maxTotalTimeoutMs: number;
    });
    /** The peer answered with a result. */
    resolve(result: unknown): void;
    /** The peer answered with an error. */
    rejectWith(error: JsonRpcErrorObject): void;
    /** The request failed locally (closed channel, send failure). */
    fail(error: Error): void;
    /** The peer reported progress for this request. */
    progress(params: Params): void;
}
//# sourceMappingURL=pending.d.ts.map