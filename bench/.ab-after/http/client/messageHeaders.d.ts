/**
 * The headers that mirror a message's body for intermediaries: `Mcp-Method`
 * on every request and notification, and `Mcp-Name` for the methods that act
 * on one named thing. Sent in both eras: the 2026-07-28 revision requires
 * them, and earlier servers ignore headers they do not know.
 *
 * @see 2026-07-28 `basic/transports/streamable-http.mdx#standard-request-headers`
 * @module
 */
import type { JsonRpcMessage } from '../../jsonrpc/message.js';
/** `Mcp-Method` and, where the method names a target, `Mcp-Name`. Nothing for a response. */
export declare function standardHeaders(message: JsonRpcMessage): Record<string, string>;
/** The revision a message names in `_meta` (2026-07-28 and later), or undefined for a handshake-era message. */
export declare function statelessRevision(message: JsonRpcMessage): string | undefined;
/** The tool name and arguments of a `tools/call`, or undefined for any other message. */
export declare function toolCall(message: JsonRpcMessage): {
    readonly name: string;
    readonly args: unknown;
} | undefined;
//# sourceMappingURL=messageHeaders.d.ts.map