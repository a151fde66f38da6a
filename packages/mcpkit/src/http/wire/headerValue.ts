/**
 * The value rules of the headers that mirror body fields (`Mcp-Name`,
 * `Mcp-Param-{Name}`), both ways: a value that cannot travel as a plain
 * header value is sent as `=?base64?{Base64 of its UTF-8}?=`, and a receiver
 * decodes that sentinel (strictly) and takes anything else literally.
 *
 * @see 2026-07-28 `basic/transports/streamable-http.mdx#value-encoding`
 * @module
 */
import { fromBase64, toBase64 } from '../../protocol/base64.js';
import { stripOws } from './headers.js';

const SENTINEL_START = '=?base64?';
const SENTINEL_END = '?=';
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** RFC 9110 `token` (`1*tchar`): what a header name (and an `x-mcp-header` value) may contain. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** True if `name` is an RFC 9110 token: non-empty, visible ASCII, no delimiters, spaces or controls. */
export function isHeaderToken(name: string): boolean {
  return TOKEN.test(name);
}

/** True if every character is visible ASCII, space or tab (what a plain header value may hold). */
export function isPlainHeaderValue(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09) || c > 0x7e) return false;
  }
  return true;
}

function inSentinel(value: string): boolean {
  return (
    value.startsWith(SENTINEL_START) &&
    value.endsWith(SENTINEL_END) &&
    value.length >= SENTINEL_START.length + SENTINEL_END.length
  );
}

/**
 * True if `value` cannot travel as a plain header value: anything but visible
 * ASCII and inner spaces, leading or trailing whitespace (field parsing strips
 * it), the empty string (many proxies drop empty headers, which then read as
 * "absent"), and values shaped like the sentinel (they would be decoded).
 */
export function needsEncoding(value: string): boolean {
  if (value.length === 0) return true;
  if (value.startsWith(SENTINEL_START) && value.endsWith(SENTINEL_END)) return true;
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
  return needsEncoding(value) ? `${SENTINEL_START}${toBase64(new TextEncoder().encode(value))}${SENTINEL_END}` : value;
}

/**
 * Decodes a mirrored header value: a value in the Base64 sentinel is decoded
 * (strict alphabet and padding, valid UTF-8); anything else is taken literally
 * if it is plain ASCII. Undefined when the value is not acceptable.
 */
export function decodeHeaderValue(raw: string): string | undefined {
  const value = stripOws(raw);
  if (!isPlainHeaderValue(value)) return undefined;
  if (!inSentinel(value)) return value;
  const encoded = value.slice(SENTINEL_START.length, value.length - SENTINEL_END.length);
  if (!BASE64.test(encoded)) return undefined;
  const bytes = fromBase64(encoded);
  if (bytes === undefined) return undefined;
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}
