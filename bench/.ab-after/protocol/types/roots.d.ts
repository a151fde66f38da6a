/**
 * Roots: the directories or files a client lets the server work in.
 * Deprecated in 2026-07-28, where `roots/list` travels only as an MRTR input
 * request and `notifications/roots/list_changed` is gone.
 *
 * @see https://modelcontextprotocol.io/specification/2026-07-28/client/roots
 * @module
 */
import type { Meta, NotificationParams, RequestParams, Result } from './base.js';
/** A directory or file the server may operate on. */
export interface Root {
    /** Its URI; `file://` for now. */
    readonly uri: string;
    /** A display name. */
    readonly name?: string;
    /** Metadata (2025-06-18+). */
    readonly _meta?: Meta;
}
/** Params of `roots/list`. */
export type ListRootsParams = RequestParams;
/** Result of `roots/list`. */
export interface ListRootsResult extends Result {
    /** The roots. */
    readonly roots: readonly Root[];
}
/** Params of `notifications/roots/list_changed` (≤ 2025-11-25). */
export type RootsListChangedParams = NotificationParams;
//# sourceMappingURL=roots.d.ts.map