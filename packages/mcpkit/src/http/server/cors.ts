/**
 * CORS for browser clients: the headers added to every response to an allowed
 * origin, and the answer to a preflight. Off unless configured.
 *
 * @module
 */
import type { HttpRequestInfo } from './exchange.js';
import { Header, type HeaderMap } from '../wire/headers.js';
import type { ResolvedOptions } from './options.js';

const ALLOWED_METHODS = 'GET, POST, DELETE, OPTIONS';
const ALLOWED_HEADERS = [
  'content-type',
  'accept',
  'authorization',
  Header.SessionId,
  Header.ProtocolVersion,
  Header.Method,
  Header.Name,
  Header.LastEventId,
];
const EXPOSED_HEADERS = 'Mcp-Session-Id, MCP-Protocol-Version, WWW-Authenticate';

/** The CORS headers for this request's origin, or undefined when CORS is off or the origin is not allowed. */
export function corsHeaders(req: HttpRequestInfo, options: ResolvedOptions): HeaderMap | undefined {
  const cors = options.cors;
  const origin = req.header(Header.Origin);
  if (cors === undefined || origin === undefined) return undefined;
  const any = cors.origins === '*';
  if (!any && !cors.origins.includes(origin)) return undefined;
  const headers: Record<string, string> = {
    'access-control-allow-origin': any && !cors.credentials ? '*' : origin,
    'access-control-expose-headers': EXPOSED_HEADERS,
  };
  if (!any || cors.credentials) headers['vary'] = 'Origin';
  if (cors.credentials) headers['access-control-allow-credentials'] = 'true';
  return headers;
}

/** The preflight answer's headers: the MCP headers (and any `Mcp-Param-*`) are allowed. */
export function preflightHeaders(req: HttpRequestInfo, options: ResolvedOptions, base: HeaderMap): HeaderMap {
  const requested = req.header('access-control-request-headers') ?? '';
  const allowed = requested
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '' && (ALLOWED_HEADERS.includes(h) || h.startsWith(Header.ParamPrefix)));
  return {
    ...base,
    'access-control-allow-methods': ALLOWED_METHODS,
    'access-control-allow-headers': [...new Set([...ALLOWED_HEADERS, ...allowed])].join(', '),
    'access-control-max-age': String(options.cors?.maxAgeSeconds ?? 600),
  };
}
