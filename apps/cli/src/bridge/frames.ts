/**
 * Reading the frames a transport hands over as JSON-RPC messages, and the
 * few messages the bridge writes itself (error answers).
 *
 * @module
 */
import { decode, decodeValue, type DecodeFailure, type Frame, type JsonRpcMessage, type RequestId } from 'mcpkit/jsonrpc';

/** What one frame held: the messages that decoded, and the failures to answer. */
export interface Decoded {
  readonly messages: readonly JsonRpcMessage[];
  readonly failures: readonly DecodeFailure[];
}

/**
 * Decodes a frame (text, bytes, or a value the transport parsed). A batch is
 * split into its messages: the bridge forwards each on its own.
 */
export function decodeFrame(frame: Frame): Decoded {
  const result =
    typeof frame === 'string' || frame instanceof Uint8Array
      ? decode(frame, { allowBatch: true })
      : decodeValue(frame, { allowBatch: true });
  if (!result.ok) return { messages: [], failures: [result] };
  if ('message' in result) return { messages: [result.message], failures: [] };
  const messages: JsonRpcMessage[] = [];
  const failures: DecodeFailure[] = [];
  for (const item of result.batch) {
    if (item.ok) messages.push(item.message);
    else failures.push(item);
  }
  return { messages, failures };
}

/** A JSON-RPC error response. `id` null answers a message whose id could not be read. */
export function errorResponse(id: RequestId | null, code: number, message: string, data?: unknown): JsonRpcMessage {
  const error = data === undefined ? { code, message } : { code, message, data };
  return { jsonrpc: '2.0', id, error } as unknown as JsonRpcMessage;
}

/** The error code the bridge answers with when the server behind it cannot answer (as the official SDKs' "connection closed"). */
export const UPSTREAM_UNAVAILABLE = -32000;

/** The `params` of a message as a record, or undefined. */
export function paramsOf(message: JsonRpcMessage): Record<string, unknown> | undefined {
  const params = 'params' in message ? (message as { params?: unknown }).params : undefined;
  return typeof params === 'object' && params !== null && !Array.isArray(params)
    ? (params as Record<string, unknown>)
    : undefined;
}

/** The `_meta` of a message's params, or undefined. */
export function metaOf(message: JsonRpcMessage): Record<string, unknown> | undefined {
  const meta = paramsOf(message)?.['_meta'];
  return typeof meta === 'object' && meta !== null && !Array.isArray(meta) ? (meta as Record<string, unknown>) : undefined;
}

/** The progress token a request carries, if any. */
export function progressTokenOf(message: JsonRpcMessage): RequestId | undefined {
  const token = metaOf(message)?.['progressToken'];
  return typeof token === 'string' || typeof token === 'number' ? token : undefined;
}

/** A message's `id`, if it has one that is a request id. */
export function idOf(message: JsonRpcMessage): RequestId | undefined {
  const id = (message as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

/** The text of an unknown failure, for a message. */
export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
