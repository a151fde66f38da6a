import { discard, send } from './fetcher.js';
/** The handshake-era session of one transport. */
export class HandshakeSession {
    /** The session id to send, if the server assigned one. */
    id;
    /** The negotiated revision, once the `InitializeResult` passed through. */
    version;
    /** The client's `initialize` request, as sent. */
    initialize;
    /** The client's `notifications/initialized`, as sent. */
    initialized;
    #initializeId;
    constructor(id) {
        this.id = id;
    }
    /** Records the handshake messages the client sends. */
    observeOutgoing(message) {
        if (!('method' in message))
            return;
        if (message.method === 'initialize' && 'id' in message) {
            this.initialize = message;
            this.#initializeId = message.id;
            // A new handshake starts a new session: the old one (if any) is not ours to reuse.
            this.id = undefined;
            this.version = undefined;
        }
        else if (message.method === 'notifications/initialized' && !('id' in message)) {
            this.initialized = message;
        }
    }
    /** Learns the negotiated revision from the `InitializeResult`. */
    observeIncoming(message) {
        if (this.#initializeId === undefined || !('id' in message) || message.id !== this.#initializeId)
            return;
        if (!('result' in message))
            return;
        const version = readVersion(message.result);
        if (version !== undefined)
            this.version = version;
    }
    /** True for the client's own `initialize` request (the one message sent before a session exists). */
    isInitialize(message) {
        return 'method' in message && message.method === 'initialize' && 'id' in message;
    }
    /** The session headers for a request of this era. */
    headers() {
        const headers = {};
        if (this.id !== undefined)
            headers['Mcp-Session-Id'] = this.id;
        if (this.version !== undefined)
            headers['MCP-Protocol-Version'] = this.version;
        return headers;
    }
    /** True if the session can be re-established (the handshake was seen). */
    get canReinitialize() {
        return this.initialize !== undefined && this.initialized !== undefined;
    }
}
/** The `protocolVersion` of an `InitializeResult`. */
export function readVersion(result) {
    if (typeof result !== 'object' || result === null)
        return undefined;
    const version = result['protocolVersion'];
    return typeof version === 'string' ? version : undefined;
}
/** Ends the session with `DELETE` (a server may answer 405: it does not let clients end sessions). Never throws. */
export async function endSession(session, context, url, warn) {
    if (session.id === undefined)
        return;
    try {
        const response = await send(context, {
            method: 'DELETE',
            url,
            headers: session.headers(),
            // The transport is closing: its own signal is already aborted, so this request gets a bounded one.
            signal: AbortSignal.timeout(5000),
            what: 'DELETE (end session)',
        });
        discard(response);
        if (!response.ok && response.status !== 405)
            warn(`Ending the session failed with HTTP ${String(response.status)}`);
    }
    catch (error) {
        warn(`Ending the session failed: ${error instanceof Error ? error.message : String(error)}`);
    }
}
//# sourceMappingURL=session.js.map