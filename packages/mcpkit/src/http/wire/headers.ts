/**
 * MCP's HTTP header names and the value rules of 2026-07-28: surrounding
 * whitespace is tolerated, values are case-sensitive, and a value that is not
 * plain ASCII travels as `=?base64?<base64 of UTF-8>?=`.
 *
 * @see 2026-07-28 `basic/transports/streamable-http.mdx#value-encoding`
 * @module
 */
import { fromBase64 } from '../../protocol/base64.js';

/** Header names, lower case (names compare case-insensitively). */
export const Header = {
  SessionId: 'mcp-session-id',
  ProtocolVersion: 'mcp-protocol-version',
  Method: 'mcp-method',
  Name: 'mcp-name',
  ParamPrefix: 'mcp-param-',
  LastEventId: 'last-event-id',
  Accept: 'accept',
  ContentType: 'content-type',
  Origin: 'origin',
  Host: 'host',
} as const;

/** Strips RFC 9110 optional whitespace (spaces and tabs) around a value. */
export function stripOws(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && (value.charCodeAt(start) === 0x20 || value.charCodeAt(start) === 0x09)) start++;
  while (end > start && (value.charCodeAt(end - 1) === 0x20 || value.charCodeAt(end - 1) === 0x09)) end--;
  return start === 0 && end === value.length ? value : value.slice(start, end);
}

/** True if every character is visible ASCII, space or tab (what a plain header value may hold). */
export function isPlainHeaderValue(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09) || c > 0x7e) return false;
  }
  return true;
}

const SENTINEL_START = '=?base64?';
const SENTINEL_END = '?=';
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes a mirrored header value (`Mcp-Name`, `Mcp-Param-*`): a value in the
 * Base64 sentinel is decoded (strict alphabet and padding, valid UTF-8);
 * anything else is taken literally if it is plain ASCII. Undefined when the
 * value is not acceptable.
 */
export function decodeHeaderValue(raw: string): string | undefined {
  const value = stripOws(raw);
  if (!isPlainHeaderValue(value)) return undefined;
  if (!(
    value.startsWith(SENTINEL_START) &&
    value.endsWith(SENTINEL_END) &&
    value.length >= SENTINEL_START.length + SENTINEL_END.length
  )) {
    return value;
  }
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

/** True if a comma-separated media-type list (`Accept`) admits `type` (`*\/*` and `text/*` count). */
export function accepts(accept: string | undefined, type: string): boolean {
  if (accept === undefined) return false;
  const slash = type.indexOf('/');
  const family = `${type.slice(0, slash)}/*`;
  for (const part of accept.split(',')) {
    const semi = part.indexOf(';');
    const media = stripOws(semi < 0 ? part : part.slice(0, semi)).toLowerCase();
    if (media === type || media === family || media === '*/*') return true;
  }
  return false;
}

/** True if a `Content-Type` names JSON (`application/json`, parameters allowed). */
export function isJsonContentType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const semi = contentType.indexOf(';');
  return stripOws(semi < 0 ? contentType : contentType.slice(0, semi)).toLowerCase() === 'application/json';
}
