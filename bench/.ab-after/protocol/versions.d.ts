/**
 * Protocol revisions, their eras, and the negotiation rules of each era.
 *
 * - Handshake era (2024-11-05 … 2025-11-25): the client proposes a revision in
 *   `initialize`; the server answers with the same one if it supports it, else
 *   with its own latest; the client disconnects if it cannot speak that.
 * - Stateless era (2026-07-28): every request names its revision in
 *   `_meta["io.modelcontextprotocol/protocolVersion"]`; an unsupported one gets
 *   -32022 with the supported list, and the client retries with one of those.
 *
 * @module
 */
/** Every revision mcpkit speaks, oldest first. */
export declare const REVISIONS: readonly ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"];
/** A protocol revision identifier. */
export type Revision = (typeof REVISIONS)[number];
/** The newest revision. */
export declare const LATEST_REVISION: Revision;
/** The newest revision of the handshake era. */
export declare const LATEST_HANDSHAKE_REVISION: Revision;
/** The revisions negotiated with `initialize`. */
export declare const HANDSHAKE_REVISIONS: readonly Revision[];
/** The revisions negotiated per request, through `_meta`. */
export declare const STATELESS_REVISIONS: readonly Revision[];
/** Which way a revision is negotiated. */
export type Era = 'handshake' | 'stateless';
/** The revision a Streamable HTTP server assumes when `MCP-Protocol-Version` is absent. */
export declare const DEFAULT_HTTP_REVISION: Revision;
/** True for a revision mcpkit knows. */
export declare function isRevision(value: unknown): value is Revision;
/** The era of a revision. */
export declare function eraOf(revision: Revision): Era;
/** True if `revision` is `since` or later (revision ids compare as dates). */
export declare function isAtLeast(revision: Revision, since: Revision): boolean;
/** True where the revision accepts JSON-RPC batches (2025-03-26 only). */
export declare function allowsBatch(revision: Revision): boolean;
/**
 * Server side of the handshake: the revision to answer `initialize` with. The
 * client's if supported, else the server's newest handshake revision.
 */
export declare function negotiateHandshake(requested: string, supported: readonly Revision[]): Revision | undefined;
/**
 * Client side of the stateless era: given the server's supported list (from
 * -32022 or `server/discover`), the newest revision both speak.
 */
export declare function pickCommonRevision(theirs: readonly string[], ours: readonly Revision[]): Revision | undefined;
//# sourceMappingURL=versions.d.ts.map