/**
 * Header value encoding for the headers that mirror body fields (`Mcp-Name`,
 * `Mcp-Param-{Name}`): a value that is not a plain, safe ASCII field value is
 * sent as `=?base64?{Base64 of its UTF-8}?=`.
 *
 * @see 2026-07-28 `basic/transports/streamable-http.mdx#value-encoding`
 * @module
 */
import { toBase64 } from '../../protocol/base64.js';

const PREFIX = '=?base64?';
const SUFFIX = '?=';

/** RFC 9110 `token` (`1*tchar`): what a header name (and an `x-mcp-header` value) may contain. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** True if `name` is an RFC 9110 token: non-empty, visible ASCII, no delimiters, spaces or controls. */
export function isHeaderToken(name: string): boolean {
  return TOKEN.test(name);
}

/**
 * True if `value` cannot travel as a plain header value: anything but visible
 * ASCII and inner spaces, leading or trailing whitespace (field parsing strips
 * it), the empty string (many proxies drop empty headers, which then read as
 * "absent"), and values shaped like the sentinel (they would be decoded).
 */
export function needsEncoding(value: string): boolean {
  if (value.length === 0) return true;
  if (value.startsWith(PREFIX) && value.endsWith(SUFFIX)) return true;
  if (value.charCodeAt(0) === 0x20 || value.charCodeAt(value.length - 1) === 0x20) return true;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    // Tab is legal in a field value, but stripped at the edges and mangled by some stacks inside.
    if (c < 0x20 || c > 0x7e) return true;
  }
  return false;
}

/** Encodes a value for an `Mcp-Name` or `Mcp-Param-*` header. */
export function encodeHeaderValue(value: string): string {
  return needsEncoding(value) ? `${PREFIX}${toBase64(new TextEncoder().encode(value))}${SUFFIX}` : value;
}
