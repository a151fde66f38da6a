/**
 * The handshake era's HTTP state, learned by watching messages pass: the
 * session id the server assigned with the `InitializeResult`, the revision the
 * handshake negotiated (sent as `MCP-Protocol-Version` afterwards), and the
 * `initialize` request and `notifications/initialized` notification, kept so
 * that an expired session can be re-established without the client noticing.
 *
 * @see 2025-11-25 `basic/transports.mdx#session-management`
 * @module
 */
import type { JsonRpcMessage, JsonRpcNotification, JsonRpcRequest } from '../../jsonrpc/message.js';
import { type FetchContext } from './fetcher.js';
/** The handshake-era session of one transport. */
export declare class HandshakeSession {
    #private;
    /** The session id to send, if the server assigned one. */
    id: string | undefined;
    /** The negotiated revision, once the `InitializeResult` passed through. */
    version: string | undefined;
    /** The client's `initialize` request, as sent. */
    initialize: JsonRpcRequest | undefined;
    /** The client's `notifications/initialized`, as sent. */
    initialized: JsonRpcNotification | undefined;
    constructor(id?: string);
    /** Records the handshake messages the client sends. */
    observeOutgoing(message: JsonRpcMessage): void;
    /** Learns the negotiated revision from the `InitializeResult`. */
    observeIncoming(message: JsonRpcMessage): void;
    /** True for the client's own `initialize` request (the one message sent before a session exists). */
    isInitialize(message: JsonRpcMessage): boolean;
    /** The session headers for a request of this era. */
    headers(): Record<string, string>;
    /** True if the session can be re-established (the handshake was seen). */
    get canReinitialize(): boolean;
}
/** The `protocolVersion` of an `InitializeResult`. */
export declare function readVersion(result: unknown): string | undefined;
/** Ends the session with `DELETE` (a server may answer 405: it does not let clients end sessions). Never throws. */
export declare function endSession(session: HandshakeSession, context: FetchContext, url: URL, warn: (message: string) => void): Promise<void>;
//# sourceMappingURL=session.d.ts.map