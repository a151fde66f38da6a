/**
 * The headers of one POST, by era: the media types, the headers mirroring the
 * body, and either the 2026-07-28 revision the body names (plus `Mcp-Param-*`
 * for a tool call) or the handshake session's id and negotiated revision.
 *
 * @module
 */
import type { JsonRpcMessage } from '../../jsonrpc/message.js';
import type { HandshakeSession } from './session.js';
import type { ToolRegistry } from './toolRegistry.js';
/** `Accept` and `Content-Type` of every POST. */
export declare const POST_HEADERS: Readonly<Record<string, string>>;
/** What the headers depend on besides the message. */
export interface HeaderState {
    readonly session: HandshakeSession;
    readonly tools: ToolRegistry;
    /** The revision the last 2026-07-28 message named. */
    readonly statelessVersion: string | undefined;
}
/**
 * The headers for POSTing `single` (undefined for a batch). `revision` is the
 * revision the message names in `_meta`, if it does.
 */
export declare function postHeaders(single: JsonRpcMessage | undefined, revision: string | undefined, state: HeaderState): Record<string, string>;
//# sourceMappingURL=postHeaders.d.ts.map