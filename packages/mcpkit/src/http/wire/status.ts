/**
 * JSON-RPC error codes and HTTP statuses on the 2026-07-28 wire, in two small
 * tables both sides read: the server to pick the status of an answer, the
 * client to tell a 2026-07-28 server's refusal from an older server's (which
 * decides whether it falls back).
 *
 * @see 2026-07-28 `basic/transports/streamable-http.mdx#protocol-version-header`, `#server-validation`
 * @module
 */
import { JsonRpcErrorCode } from '../../jsonrpc/errorCodes.js';
import { ErrorCode } from '../../protocol/errorCodes.js';

/**
 * The HTTP status of a JSON-RPC error answered on a 2026-07-28 request.
 * Codes not listed travel in-band, on 200.
 */
export const HTTP_STATUS_OF_ERROR: Readonly<Record<number, number>> = {
  [JsonRpcErrorCode.ParseError]: 400,
  [JsonRpcErrorCode.InvalidRequest]: 400,
  [JsonRpcErrorCode.MethodNotFound]: 404,
  [ErrorCode.HeaderMismatch]: 400,
  [ErrorCode.MissingRequiredClientCapability]: 400,
  [ErrorCode.UnsupportedProtocolVersion]: 400,
};

/**
 * Codes by which a server that speaks 2026-07-28 or later identifies itself
 * in an HTTP error body: seeing one means "a stateless-era server", never
 * "fall back to the handshake or to HTTP+SSE".
 */
export const STATELESS_ERROR_CODES: ReadonlySet<number> = new Set([
  ErrorCode.HeaderMismatch,
  ErrorCode.MissingRequiredClientCapability,
  ErrorCode.UnsupportedProtocolVersion,
  ErrorCode.MethodNotFound,
]);

/** The HTTP status of a 2026-07-28 response: 200, or the table's status for its error code. */
export function statusOfResponse(message: unknown): number {
  const error = (message as { error?: { code?: unknown } }).error;
  if (error === undefined || typeof error.code !== 'number') return 200;
  return HTTP_STATUS_OF_ERROR[error.code] ?? 200;
}
