/**
 * MCP error codes as named constants, and what each revision allows.
 *
 * Reserved ranges (2026-07-28 `basic/index.mdx#error-codes`):
 * -32768..-32000 are JSON-RPC's; within them -32000..-32019 are legacy (no new
 * allocations; only -32002 has a meaning receivers may assume) and
 * -32020..-32099 are reserved for the MCP specification. Applications use codes
 * outside -32768..-32000.
 *
 * @module
 */
/** Every error code MCP defines, in every revision. */
export declare const ErrorCode: {
    /** Invalid JSON was received. */
    readonly ParseError: -32700;
    /** The JSON sent is not a valid request object. */
    readonly InvalidRequest: -32600;
    /** Unknown method, or a method gated by a capability the receiver did not declare. */
    readonly MethodNotFound: -32601;
    /** Invalid params; in 2026-07-28 also a missing `_meta` field and an unknown resource. */
    readonly InvalidParams: -32602;
    /** Internal error. */
    readonly InternalError: -32603;
    /** Legacy (≤ 2025-11-25): resource not found. 2026-07-28 uses -32602 instead. */
    readonly ResourceNotFound: -32002;
    /** Legacy (2025-11-25): URL-mode elicitation required before the request can proceed. */
    readonly UrlElicitationRequired: -32042;
    /** 2026-07-28: an `Mcp-*` HTTP header disagrees with the body (HTTP 400). */
    readonly HeaderMismatch: -32020;
    /** 2026-07-28: the request lacks a client capability the server needs (`data.requiredCapabilities`). */
    readonly MissingRequiredClientCapability: -32021;
    /** 2026-07-28: the requested protocol revision is not supported (`data.supported`, `data.requested`). */
    readonly UnsupportedProtocolVersion: -32022;
};
/** One MCP error code. */
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
/** Code → name, for messages and logs. */
export declare const ERROR_CODE_NAMES: Readonly<Record<number, string>>;
//# sourceMappingURL=errorCodes.d.ts.map