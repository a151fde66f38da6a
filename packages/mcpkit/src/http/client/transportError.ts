/**
 * HTTP failures on the client side. An HTTP error response that carries a
 * JSON-RPC error for the request is an answer and reaches the caller as that
 * error; anything else (an HTML 404, an empty 400, a dropped connection) is a
 * local failure of the transport, `HttpTransportError`, which keeps the status
 * so the client's era negotiation can decide to fall back.
 *
 * @module
 */
import { LocalError } from '../../jsonrpc/localError.js';
import type { JsonRpcErrorResponse, RequestId } from '../../jsonrpc/message.js';
import { STATELESS_ERROR_CODES } from '../wire/status.js';

/** The transport could not carry a message: the server answered with an HTTP error that is not a JSON-RPC answer, or the request failed. */
export class HttpTransportError extends LocalError {
  /** The HTTP status, or undefined when no response arrived (network failure, stream cut). */
  readonly status: number | undefined;

  constructor(status: number | undefined, message: string, options?: { cause?: unknown }) {
    super('TRANSPORT_FAILED', message, options);
    this.name = 'HttpTransportError';
    this.status = status;
  }
}

function isErrorResponse(value: unknown): value is JsonRpcErrorResponse {
  if (typeof value !== 'object' || value === null) return false;
  const error = (value as Record<string, unknown>)['error'];
  if (typeof error !== 'object' || error === null) return false;
  const e = error as Record<string, unknown>;
  return Number.isInteger(e['code']) && typeof e['message'] === 'string';
}

/** What an HTTP error body means for the request that got it. */
export type ErrorBody =
  /** JSON-RPC error responses that answer the request: deliver them. */
  | { readonly kind: 'answer'; readonly responses: readonly JsonRpcErrorResponse[] }
  /** No answer in the body; `detail` is the server's message, if any. */
  | { readonly kind: 'none'; readonly detail: string | undefined };

/**
 * Reads an HTTP error body. An error response whose id is one of the request's
 * is its answer; an id-less one with a stateless-era code (-32020/-32021/-32022/-32601)
 * answers a single request too (the server could not or did not echo the id).
 */
export function readErrorBody(text: string, requestIds: readonly RequestId[]): ErrorBody {
  let value: unknown;
  try {
    value = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    return { kind: 'none', detail: snippet(text) };
  }
  const items: unknown[] = Array.isArray(value) ? value : [value];
  const answers: JsonRpcErrorResponse[] = [];
  let detail: string | undefined;
  for (const item of items) {
    if (!isErrorResponse(item)) continue;
    detail ??= item.error.message;
    const id: unknown = (item as { id?: unknown }).id;
    if ((typeof id === 'string' || typeof id === 'number') && requestIds.includes(id)) answers.push(item);
    else if ((id === undefined || id === null) && requestIds.length === 1 && STATELESS_ERROR_CODES.has(item.error.code)) {
      answers.push({ jsonrpc: '2.0', id: requestIds[0] as RequestId, error: item.error });
    }
  }
  if (answers.length > 0) return { kind: 'answer', responses: answers };
  return { kind: 'none', detail: detail ?? (value === undefined ? undefined : snippet(text)) };
}

function snippet(text: string): string | undefined {
  const t = text.trim().replace(/\s+/g, ' ');
  if (t === '') return undefined;
  return t.length > 200 ? `${t.slice(0, 200)}…` : t;
}

/** The error for an HTTP response that answered nothing: `HTTP 404 Not Found (POST initialize): <server message>`. */
export function statusError(status: number, statusText: string, detail: string | undefined, what: string): HttpTransportError {
  const head = `HTTP ${String(status)}${statusText === '' ? '' : ` ${statusText}`}`;
  return new HttpTransportError(status, `${head} (${what})${detail === undefined ? '' : `: ${detail}`}`);
}
