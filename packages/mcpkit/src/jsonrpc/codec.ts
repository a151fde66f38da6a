/**
 * The codec: turns any input (text, bytes, or an already-parsed JSON value) into
 * a JSON-RPC message or a precise error, and messages back into text.
 *
 * Validation is structural and hand-written: it runs on every message, so it
 * must cost a few property reads, not a schema pass.
 *
 * @module
 */
import { JsonRpcErrorCode } from './errorCodes.js';
import { LocalError } from './localError.js';
import type { JsonRpcErrorObject, JsonRpcMessage, JsonRpcPayload, RequestId } from './message.js';

/** Where the input is acceptable as a batch (JSON-RPC arrays; MCP 2025-03-26 only). */
export interface DecodeOptions {
  readonly allowBatch?: boolean;
}

/** A message that failed to decode, with what is needed to answer it. */
export interface DecodeFailure {
  readonly ok: false;
  readonly error: JsonRpcErrorObject;
  /** The id, when it could be read; an error reply carries it. */
  readonly id?: RequestId;
  /** False when the input looked like a response: a response is never answered. */
  readonly reply: boolean;
}

/** A decoded single message. */
export interface DecodedMessage {
  readonly ok: true;
  readonly message: JsonRpcMessage;
}

/** A decoded batch: each element decoded on its own. */
export interface DecodedBatch {
  readonly ok: true;
  readonly batch: readonly (DecodedMessage | DecodeFailure)[];
}

/** The result of decoding one frame. */
export type DecodeResult = DecodedMessage | DecodedBatch | DecodeFailure;

const utf8 = new TextDecoder('utf-8', { fatal: true });

function fail(code: number, message: string, id?: RequestId, reply = true): DecodeFailure {
  const error = { code, message };
  return id === undefined ? { ok: false, error, reply } : { ok: false, error, id, reply };
}

/** True for a valid request id: a string, or an integer JavaScript holds exactly. */
export function isValidId(id: unknown): id is RequestId {
  return typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id));
}

/**
 * Decodes one frame of text or UTF-8 bytes. Invalid UTF-8 or JSON is -32700;
 * valid JSON that is not a message is -32600.
 */
export function decode(input: string | Uint8Array, options?: DecodeOptions): DecodeResult {
  let text: string;
  if (typeof input === 'string') {
    text = input;
  } else {
    try {
      text = utf8.decode(input);
    } catch {
      return fail(JsonRpcErrorCode.ParseError, 'Parse error: invalid UTF-8');
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail(JsonRpcErrorCode.ParseError, 'Parse error: invalid JSON');
  }
  return decodeValue(value, options);
}

/** Validates an already-parsed JSON value as a message or (if allowed) a batch. */
export function decodeValue(value: unknown, options?: DecodeOptions): DecodeResult {
  if (Array.isArray(value)) {
    if (options?.allowBatch !== true) {
      return fail(JsonRpcErrorCode.InvalidRequest, 'Invalid request: batches are not supported');
    }
    if (value.length === 0) return fail(JsonRpcErrorCode.InvalidRequest, 'Invalid request: empty batch');
    return { ok: true, batch: value.map((item: unknown) => decodeOne(item)) };
  }
  return decodeOne(value);
}

function decodeOne(value: unknown): DecodedMessage | DecodeFailure {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail(JsonRpcErrorCode.InvalidRequest, 'Invalid request: a message must be a JSON object');
  }
  const m = value as Record<string, unknown>;
  const hasId = 'id' in m;
  const id = m['id'];
  const readableId = isValidId(id) ? id : undefined;
  if (m['jsonrpc'] !== '2.0') {
    return fail(JsonRpcErrorCode.InvalidRequest, 'Invalid request: "jsonrpc" must be "2.0"', readableId);
  }
  if ('method' in m) {
    if (typeof m['method'] !== 'string') {
      return fail(JsonRpcErrorCode.InvalidRequest, 'Invalid request: "method" must be a string', readableId);
    }
    if (hasId && readableId === undefined) {
      return fail(JsonRpcErrorCode.InvalidRequest, 'Invalid request: "id" must be a string or an integer');
    }
    const params = m['params'];
    if (params !== undefined && (typeof params !== 'object' || params === null)) {
      return fail(JsonRpcErrorCode.InvalidRequest, 'Invalid request: "params" must be an object or an array', readableId);
    }
    return { ok: true, message: value as JsonRpcMessage };
  }
  return decodeResponse(m, hasId, readableId);
}

function decodeResponse(m: Record<string, unknown>, hasId: boolean, id: RequestId | undefined): DecodedMessage | DecodeFailure {
  const hasResult = 'result' in m;
  const hasError = 'error' in m;
  if (!hasResult && !hasError) {
    return fail(JsonRpcErrorCode.InvalidRequest, 'Invalid request: no "method", "result" or "error"', id);
  }
  if (hasResult && hasError) {
    return fail(JsonRpcErrorCode.InvalidRequest, 'Invalid response: both "result" and "error"', id, false);
  }
  if (hasResult) {
    if (id === undefined) {
      return fail(JsonRpcErrorCode.InvalidRequest, 'Invalid response: "id" must be a string or an integer', id, false);
    }
    return { ok: true, message: m as unknown as JsonRpcMessage };
  }
  const error = m['error'];
  if (
    typeof error !== 'object' ||
    error === null ||
    !Number.isInteger((error as Record<string, unknown>)['code']) ||
    typeof (error as Record<string, unknown>)['message'] !== 'string'
  ) {
    return fail(JsonRpcErrorCode.InvalidRequest, 'Invalid response: malformed "error"', id, false);
  }
  // An error about a message the peer could not read has no (or a null) id.
  if (hasId && id === undefined && m['id'] !== null) {
    return fail(JsonRpcErrorCode.InvalidRequest, 'Invalid response: "id" must be a string or an integer', id, false);
  }
  if (m['id'] === null) {
    const { id: _dropped, ...rest } = m;
    return { ok: true, message: rest as unknown as JsonRpcMessage };
  }
  return { ok: true, message: m as unknown as JsonRpcMessage };
}

/**
 * Serializes a message or batch to one line of JSON text (never containing a
 * raw newline). Throws `LocalError('INVALID_ARGUMENT')` when JSON cannot
 * represent the payload (a bigint, a cycle, nesting deeper than the
 * serializer's stack); transports turn that into a rejected `send`.
 */
export function encode(payload: JsonRpcPayload): string {
  try {
    return JSON.stringify(payload);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new LocalError('INVALID_ARGUMENT', `Message cannot be serialized as JSON: ${detail}`, { cause: error });
  }
}
