/**
 * Which era serves a POST. A request that claims 2026-07-28 (through its body
 * `_meta`, a newer `MCP-Protocol-Version`, or an `Mcp-Method` header) is served
 * statelessly; `initialize`, requests carrying `Mcp-Session-Id` and requests
 * that claim nothing belong to the handshake era (sessions). Malformed claims
 * go stateless too, so they are answered with the 2026-07-28 errors.
 *
 * @see 2026-07-28 `basic/transports/streamable-http.mdx#backward-compatibility`
 * @module
 */
import { isObject } from '../../protocol/check.js';
import type { HttpRequestInfo } from './exchange.js';
import { Header, stripOws } from '../wire/headers.js';
import { metaClaim } from '../wire/meta.js';
import { HttpError } from './httpError.js';

/** The revisions whose clients send `MCP-Protocol-Version` on the handshake path (2024-10-07 is an SDK alias). */
const HANDSHAKE_HEADER_VALUES: ReadonlySet<string> = new Set([
  '2024-10-07',
  '2024-11-05',
  '2025-03-26',
  '2025-06-18',
  '2025-11-25',
]);

/** Where a POST goes. */
export type Era = 'stateless' | 'handshake';

/** True if an `MCP-Protocol-Version` value claims the stateless era (2026-07-28, later, or anything unknown). */
export function headerClaimsStateless(version: string | undefined): boolean {
  return version !== undefined && !HANDSHAKE_HEADER_VALUES.has(stripOws(version));
}

/** Routes one POST body; the error when its claims contradict each other. */
export function classify(body: unknown, req: HttpRequestInfo): Era | HttpError {
  if (Array.isArray(body)) {
    if (body.some((m) => metaClaim(m) !== undefined)) {
      return HttpError.badRequest('Invalid request: batches may not contain 2026-07-28 requests');
    }
    return 'handshake';
  }
  const claim = metaClaim(body);
  const version = req.header(Header.ProtocolVersion);
  const method = isObject(body) ? body['method'] : undefined;
  if (method === 'initialize') {
    if (claim !== undefined && typeof claim.claimed === 'string' && headerClaimsStateless(claim.claimed)) return 'stateless';
    if (headerClaimsStateless(version)) {
      return HttpError.headerMismatch(`initialize (the handshake) was sent with MCP-Protocol-Version ${String(version)}`);
    }
    return 'handshake';
  }
  if (claim !== undefined || headerClaimsStateless(version)) return 'stateless';
  if (req.header(Header.SessionId) !== undefined) return 'handshake';
  return req.header(Header.Method) !== undefined ? 'stateless' : 'handshake';
}
