/**
 * The shape of the method table: what is declared, once, for every MCP method
 * and notification. `methods.ts` holds the table itself.
 *
 * Capability gating: a request is gated by a capability of its *receiver*
 * (`tools/call` by the server's `tools`, `sampling/createMessage` by the
 * client's `sampling`); a notification by a capability of its *sender*
 * (`notifications/tools/list_changed` by the server's `tools.listChanged`).
 *
 * @module
 */
import type { Check } from './check.js';
import type { Revision } from './versions.js';
/** Who sends a message: the client, the server, or either (`ping`, `notifications/cancelled`). */
export type Sender = 'client' | 'server' | 'either';
/** The types side of one entry: what travels. */
export interface RequestTypes {
    readonly params: unknown;
    readonly result: unknown;
}
/** The types side of one notification entry. */
export interface NotificationTypes {
    readonly params: unknown;
}
/** Metadata shared by requests and notifications. */
interface EntryBase<P> {
    /** Who sends it. */
    readonly from: Sender;
    /** The revisions that carry it as a wire message. */
    readonly revisions: readonly Revision[];
    /**
     * The gating capability as a dotted path into the capabilities object
     * (`"tools"`, `"resources.subscribe"`, `"elicitation"`); see the module note
     * for whose capabilities are meant.
     */
    readonly capability?: string;
    /**
     * From 2026-07-28, offered only by this extension (negotiated in
     * `capabilities.extensions`), e.g. `io.modelcontextprotocol/tasks`.
     */
    readonly extension?: string;
    /** Structural check of the params, run when the message is received. */
    readonly params: Check<P>;
}
/** Metadata of a request. */
export interface RequestEntry<P = unknown, R = unknown> extends EntryBase<P> {
    readonly kind: 'request';
    /** Takes a `cursor` and answers `nextCursor`. */
    readonly paginated: boolean;
    /** Its complete results carry `ttlMs`/`cacheScope` (2026-07-28). */
    readonly cacheable: boolean;
    /** May answer `resultType: "input_required"` (2026-07-28). */
    readonly inputRequired: boolean;
    /**
     * In stateless revisions, never a wire request: carried only inside
     * `InputRequiredResult.inputRequests` (elicitation, sampling, roots).
     */
    readonly inputRequestIn?: readonly Revision[];
    /** Shallow structural check of the result, run when the response is received. */
    readonly result: Check<R>;
}
/** Metadata of a notification. */
export interface NotificationEntry<P = unknown> extends EntryBase<P> {
    readonly kind: 'notification';
}
export {};
//# sourceMappingURL=methodTable.d.ts.map