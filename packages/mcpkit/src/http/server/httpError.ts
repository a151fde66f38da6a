/**
 * Errors that become HTTP responses (the status of a 2026-07-28 answer comes
 * from the wire's table, `wire/status.ts`).
 *
 * An `HttpError` is a wire error (an `RpcError`: its body is a JSON-RPC error
 * response) that also knows its HTTP status, so every rejection in the
 * transport is one `throw`/`return` of the same family.
 *
 * @module
 */
import { JsonRpcErrorCode } from '../../jsonrpc/errorCodes.js';
import type { RequestId } from '../../jsonrpc/message.js';
import { RpcError } from '../../jsonrpc/rpcError.js';
import { ErrorCode } from '../../protocol/errorCodes.js';
import type { HeaderMap } from '../wire/headers.js';

/** A rejection that is both a JSON-RPC error and an HTTP status. */
export class HttpError extends RpcError {
  /** The HTTP status. */
  readonly status: number;
  /** Extra response headers (`Allow`, `Retry-After`). */
  readonly headers: HeaderMap | undefined;

  constructor(status: number, code: number, message: string, options?: { data?: unknown; headers?: HeaderMap }) {
    super(code, message, options?.data);
    this.name = 'HttpError';
    this.status = status;
    this.headers = options?.headers;
  }

  /** The JSON-RPC error response body; `id` only when the request's id is known. */
  body(id?: RequestId): string {
    return JSON.stringify(
      id === undefined ? { jsonrpc: '2.0', error: this.toJSON() } : { jsonrpc: '2.0', id, error: this.toJSON() },
    );
  }

  /** 400 with -32600: the HTTP request is not acceptable as MCP. */
  static badRequest(message: string, data?: unknown): HttpError {
    return new HttpError(400, JsonRpcErrorCode.InvalidRequest, message, { data });
  }

  /** 400 with -32020 (2026-07-28): a header disagrees with the body, or a required one is missing. */
  static headerMismatch(message: string, data?: unknown): HttpError {
    return new HttpError(400, ErrorCode.HeaderMismatch, `Header mismatch: ${message}`, { data });
  }

  /** 400 with -32602: the request `_meta` of 2026-07-28 is missing or malformed. */
  static invalidMeta(message: string): HttpError {
    return new HttpError(400, JsonRpcErrorCode.InvalidParams, message);
  }

  /** 404: the session does not exist (any more). */
  static sessionNotFound(): HttpError {
    return new HttpError(404, JsonRpcErrorCode.InvalidRequest, 'Session not found: initialize a new session');
  }

  /** 409: the resource is in use (a second GET stream). */
  static conflict(message: string): HttpError {
    return new HttpError(409, JsonRpcErrorCode.InvalidRequest, message);
  }

  /** 503: no capacity (too many sessions) or shutting down; the client may retry later. */
  static unavailable(message: string): HttpError {
    return new HttpError(503, JsonRpcErrorCode.InternalError, message, { headers: { 'retry-after': '5' } });
  }

  /** 405 with the methods that are allowed. */
  static methodNotAllowed(allow: string): HttpError {
    return new HttpError(405, JsonRpcErrorCode.InvalidRequest, 'Method not allowed', { headers: { allow } });
  }
}
