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
export const REVISIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'];
/** The newest revision. */
export const LATEST_REVISION = '2026-07-28';
/** The newest revision of the handshake era. */
export const LATEST_HANDSHAKE_REVISION = '2025-11-25';
/** The revisions negotiated with `initialize`. */
export const HANDSHAKE_REVISIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'];
/** The revisions negotiated per request, through `_meta`. */
export const STATELESS_REVISIONS = ['2026-07-28'];
/** The revision a Streamable HTTP server assumes when `MCP-Protocol-Version` is absent. */
export const DEFAULT_HTTP_REVISION = '2025-03-26';
/** True for a revision mcpkit knows. */
export function isRevision(value) {
    return typeof value === 'string' && REVISIONS.includes(value);
}
/** The era of a revision. */
export function eraOf(revision) {
    return revision >= '2026-07-28' ? 'stateless' : 'handshake';
}
/** True if `revision` is `since` or later (revision ids compare as dates). */
export function isAtLeast(revision, since) {
    return revision >= since;
}
/** True where the revision accepts JSON-RPC batches (2025-03-26 only). */
export function allowsBatch(revision) {
    return revision === '2025-03-26';
}
/**
 * Server side of the handshake: the revision to answer `initialize` with. The
 * client's if supported, else the server's newest handshake revision.
 */
export function negotiateHandshake(requested, supported) {
    if (supported.includes(requested) && eraOf(requested) === 'handshake') {
        return requested;
    }
    const handshake = supported.filter((r) => eraOf(r) === 'handshake');
    return handshake[handshake.length - 1];
}
/**
 * Client side of the stateless era: given the server's supported list (from
 * -32022 or `server/discover`), the newest revision both speak.
 */
export function pickCommonRevision(theirs, ours) {
    let best;
    for (const r of ours)
        if (theirs.includes(r) && (best === undefined || r > best))
            best = r;
    return best;
}
//# sourceMappingURL=versions.js.map