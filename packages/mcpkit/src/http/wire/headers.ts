/**
 * The HTTP names of MCP, spelled once for both sides: the header names, the
 * two media types, and how a header value is read (optional whitespace, media
 * type lists). Names are lower case: header names compare case-insensitively,
 * `fetch` sends them lower-cased anyway, and Node hands them over so.
 *
 * @see 2025-11-25 `basic/transports.mdx#streamable-http`
 * @see 2026-07-28 `basic/transports/streamable-http.mdx#standard-request-headers`
 * @module
 */

/** Header names and values. */
export type HeaderMap = Readonly<Record<string, string>>;

/** Header names, lower case. */
export const Header = {
  SessionId: 'mcp-session-id',
  ProtocolVersion: 'mcp-protocol-version',
  Method: 'mcp-method',
  Name: 'mcp-name',
  /** `Mcp-Param-{Name}`: an argument mirrored for a tool's `x-mcp-header` (see `paramHeader`). */
  ParamPrefix: 'mcp-param-',
  LastEventId: 'last-event-id',
  Accept: 'accept',
  ContentType: 'content-type',
  Origin: 'origin',
  Host: 'host',
} as const;

/** The media types MCP's HTTP transports speak. */
export const MediaType = {
  Json: 'application/json',
  EventStream: 'text/event-stream',
} as const;

/** The `Accept` of a Streamable HTTP POST: either answer is welcome. */
export const ACCEPT_POST: string = `${MediaType.Json}, ${MediaType.EventStream}`;

/** Strips RFC 9110 optional whitespace (spaces and tabs) around a value. */
export function stripOws(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && (value.charCodeAt(start) === 0x20 || value.charCodeAt(start) === 0x09)) start++;
  while (end > start && (value.charCodeAt(end - 1) === 0x20 || value.charCodeAt(end - 1) === 0x09)) end--;
  return start === 0 && end === value.length ? value : value.slice(start, end);
}

/** The media type of a `Content-Type` value, lower case, without parameters (`''` when absent). */
export function mediaTypeOf(contentType: string | undefined): string {
  if (contentType === undefined) return '';
  const semi = contentType.indexOf(';');
  return stripOws(semi < 0 ? contentType : contentType.slice(0, semi)).toLowerCase();
}

/** True if a comma-separated media-type list (`Accept`) admits `type` (`*\/*` and `text/*` count). */
export function accepts(accept: string | undefined, type: string): boolean {
  if (accept === undefined) return false;
  const slash = type.indexOf('/');
  const family = `${type.slice(0, slash)}/*`;
  for (const part of accept.split(',')) {
    const media = mediaTypeOf(part);
    if (media === type || media === family || media === '*/*') return true;
  }
  return false;
}
