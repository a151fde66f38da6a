import { standardHeaders, toolCall } from './messageHeaders.js';
/** `Accept` and `Content-Type` of every POST. */
export const POST_HEADERS = { Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json' };
/**
 * The headers for POSTing `single` (undefined for a batch). `revision` is the
 * revision the message names in `_meta`, if it does.
 */
export function postHeaders(single, revision, state) {
    const headers = { ...POST_HEADERS, ...(single === undefined ? {} : standardHeaders(single)) };
    if (revision !== undefined) {
        headers['MCP-Protocol-Version'] = revision;
        const call = single === undefined ? undefined : toolCall(single);
        if (call !== undefined)
            Object.assign(headers, state.tools.headersFor(call.name, call.args));
        return headers;
    }
    const { session } = state;
    if (single !== undefined && session.isInitialize(single))
        return headers; // no session yet, no revision agreed
    Object.assign(headers, session.headers());
    // A notification on a connection that never had a handshake speaks the revision its requests named.
    if (session.version === undefined && session.id === undefined && state.statelessVersion !== undefined) {
        headers['MCP-Protocol-Version'] = state.statelessVersion;
    }
    return headers;
}
//# sourceMappingURL=postHeaders.js.map