/**
 * The local error family: failures that happen on this side and are never
 * serialized (a closed connection, a timeout, a cancelled call, a reply that
 * breaks the rules). Codes name a category, not a feature.
 *
 * @module
 */
/** The categories of local failure. */
export type LocalErrorCode = 
/** The channel closed, or was never open, while the operation was pending. */
'CONNECTION_CLOSED'
/** The request's timeout (or its hard maximum) elapsed. */
 | 'REQUEST_TIMEOUT'
/** The caller aborted the operation with its `AbortSignal`. */
 | 'CANCELLED'
/** The peer sent something this side cannot accept (bad result, bad message). */
 | 'PROTOCOL_VIOLATION'
/** The peer lacks a capability the operation needs, or this side is not configured for it. */
 | 'NOT_SUPPORTED'
/** The caller passed something invalid (before anything was sent). */
 | 'INVALID_ARGUMENT'
/** The transport failed to carry the message. */
 | 'TRANSPORT_FAILED';
/** A failure on this side of the connection; it never crosses the wire. */
export declare class LocalError extends Error {
    /** The category of the failure. */
    readonly code: LocalErrorCode;
    constructor(code: LocalErrorCode, message: string, options?: {
        cause?: unknown;
    });
}
//# sourceMappingURL=localError.d.ts.map