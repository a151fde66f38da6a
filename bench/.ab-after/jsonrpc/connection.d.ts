import type { CancellationConvention, ProgressConvention } from './conventions.js';
import { type IncomingHost, type RequestContext } from './incoming.js';
import { LocalError } from './localError.js';
import type { JsonRpcNotification, JsonRpcRequest, Params, RequestId } from './message.js';
import { type PendingHost, type RequestOptions } from './pending.js';
import type { MessageInfo, Transport } from './transport.js';
/** Handles one inbound request; returns (or resolves to) the result, or throws. */
export type RequestHandler = (request: JsonRpcRequest, context: RequestContext) => unknown;
/** Handles one inbound notification. */
export type NotificationHandler = (notification: JsonRpcNotification, info: MessageInfo | undefined) => void;
/** How a connection behaves. */
export interface ConnectionOptions {
    /** Answers inbound requests. Absent: every request gets -32601. */
    readonly onRequest?: RequestHandler;
    /** Receives inbound notifications, except cancellations and progress for requests in flight, which the engine consumes. */
    readonly onNotification?: NotificationHandler;
    /** Receives local problems that have no caller to reject: stray responses, malformed replies, failing handlers. */
    readonly onError?: (error: LocalError) => void;
    /** Called once when the connection closes. */
    readonly onClose?: (error?: Error) => void;
    /** The protocol's cancellation notification. Absent: cancellations are local only. */
    readonly cancellation?: CancellationConvention;
    /** The protocol's progress notification. Absent: progress is not routed. */
    readonly progress?: ProgressConvention;
    /** Whether inbound batches are acceptable (a function, since it may change after negotiation). */
    readonly allowBatch?: () => boolean;
    /** Default timeout of outgoing requests, ms (default 60 000; `Infinity` for none). */
    readonly timeoutMs?: number;
    /** Default hard maximum of outgoing requests, ms, which progress cannot extend (default `Infinity`). */
    readonly maxTotalTimeoutMs?: number;
    /** Send handlers' own error messages to the peer instead of "Internal error" (default false). */
    readonly exposeErrorDetails?: boolean;
}
/** A JSON-RPC 2.0 endpoint bound to one transport. */
export declare class Connection implements PendingHost, IncomingHost {
    #private;
    constructor(transport: Transport, options?: ConnectionOptions);
    /** True until the transport closes. */
    get isOpen(): boolean;
    /** Starts the transport and begins dispatching. */
    start(): Promise<void>;
    /** Sends a request and resolves with the peer's result (or rejects with an `RpcError` or `LocalError`). */
    request(method: string, params?: Params, options?: RequestOptions): Promise<unknown>;
    /** Sends a notification. */
    notify(method: string, params?: Params, relatedRequestId?: RequestId): Promise<void>;
    /** Closes the transport; pending requests reject with `CONNECTION_CLOSED`. */
    close(): Promise<void>;
    /** @internal PendingHost: forget a settled request. */
    settle(id: RequestId, progressToken: RequestId | undefined): void;
    /** @internal PendingHost: tell the peer a request was abandoned. */
    cancelRemote(id: RequestId, reason: string): void;
}
//# sourceMappingURL=connection.d.ts.map