/**
 * How a protocol built on JSON-RPC spells cancellation and progress. The engine
 * implements the mechanics (abort a handler, route progress to a caller, reset
 * a timeout); the protocol layer supplies the spelling, so this layer stays free
 * of any one protocol.
 *
 * @module
 */
import type { Params, RequestId } from './message.js';
/** A notification to send: method and params. */
export interface NotificationSpec {
    readonly method: string;
    readonly params?: Params;
}
/** The protocol's cancellation notification. */
export interface CancellationConvention {
    /** The notification method that carries a cancellation. */
    readonly method: string;
    /** Builds the notification telling the peer that request `id` was abandoned. */
    notification(id: RequestId, reason: string | undefined): NotificationSpec;
    /** Reads the cancelled request's id from a cancellation's params (undefined if malformed). */
    parse(params: unknown): {
        readonly id: RequestId;
        readonly reason?: string;
    } | undefined;
}
/** The protocol's progress notification. */
export interface ProgressConvention {
    /** The notification method that carries progress. */
    readonly method: string;
    /** Returns `params` with a progress token attached (a copy; the caller's object is not modified). */
    attach(params: Params | undefined, token: RequestId): Params;
    /** Reads the token from a progress notification's params (undefined if malformed). */
    token(params: unknown): RequestId | undefined;
}
//# sourceMappingURL=conventions.d.ts.map