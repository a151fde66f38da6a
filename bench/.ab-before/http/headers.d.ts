/**
 * MCP's HTTP header names and the value rules of 2026-07-28: surrounding
 * whitespace is tolerated, values are case-sensitive, and a value that is not
 * plain ASCII travels as `=?base64?<base64 of UTF-8>?=`.
 *
 * @see 2026-07-28 `basic/transports/streamable-http.mdx#value-encoding`
 * @module
 */
/** Header names, lower case (names compare case-insensitively). */
export declare const Header: {
    readonly SessionId: "mcp-session-id";
    readonly ProtocolVersion: "mcp-protocol-version";
    readonly Method: "mcp-method";
    readonly Name: "mcp-name";
    readonly ParamPrefix: "mcp-param-";
    readonly LastEventId: "last-event-id";
    readonly Accept: "accept";
    readonly ContentType: "content-type";
    readonly Origin: "origin";
    readonly Host: "host";
};
/** Strips RFC 9110 optional whitespace (spaces and tabs) around a value. */
export declare function stripOws(value: string): string;
/** True if every character is visible ASCII, space or tab (what a plain header value may hold). */
export declare function isPlainHeaderValue(value: string): boolean;
/**
 * Decodes a mirrored header value (`Mcp-Name`, `Mcp-Param-*`): a value in the
 * Base64 sentinel is decoded (strict alphabet and padding, valid UTF-8);
 * anything else is taken literally if it is plain ASCII. Undefined when the
 * value is not acceptable.
 */
export declare function decodeHeaderValue(raw: string): string | undefined;
/** True if a comma-separated media-type list (`Accept`) admits `type` (`*\/*` and `text/*` count). */
export declare function accepts(accept: string | undefined, type: string): boolean;
/** True if a `Content-Type` names JSON (`application/json`, parameters allowed). */
export declare function isJsonContentType(contentType: string | undefined): boolean;
//# sourceMappingURL=headers.d.ts.map