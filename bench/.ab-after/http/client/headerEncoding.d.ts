/**
 * Header value encoding for the headers that mirror body fields (`Mcp-Name`,
 * `Mcp-Param-{Name}`): a value that is not a plain, safe ASCII field value is
 * sent as `=?base64?{Base64 of its UTF-8}?=`.
 *
 * @see 2026-07-28 `basic/transports/streamable-http.mdx#value-encoding`
 * @module
 */
/** True if `name` is an RFC 9110 token: non-empty, visible ASCII, no delimiters, spaces or controls. */
export declare function isHeaderToken(name: string): boolean;
/**
 * True if `value` cannot travel as a plain header value: anything but visible
 * ASCII and inner spaces, leading or trailing whitespace (field parsing strips
 * it), the empty string (many proxies drop empty headers, which then read as
 * "absent"), and values shaped like the sentinel (they would be decoded).
 */
export declare function needsEncoding(value: string): boolean;
/** Encodes a value for an `Mcp-Name` or `Mcp-Param-*` header. */
export declare function encodeHeaderValue(value: string): string;
//# sourceMappingURL=headerEncoding.d.ts.map