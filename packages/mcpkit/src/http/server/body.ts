/**
 * Reads a POST body once: size-limited while streaming (413), parsed once
 * (400 with -32700 on invalid JSON). The parsed value is what the JSON-RPC
 * connection receives; it is never serialized again.
 *
 * @module
 */
import { JsonRpcErrorCode } from '../../jsonrpc/errorCodes.js';
import type { HttpExchange } from './exchange.js';
import { HttpError } from './httpError.js';

/** The parsed JSON body, or the rejection. */
export async function readJsonBody(exchange: HttpExchange, limit: number): Promise<{ readonly value: unknown } | HttpError> {
  const body = await exchange.readBody(limit);
  if ('tooLarge' in body)
    return new HttpError(413, JsonRpcErrorCode.InvalidRequest, `Payload Too Large: the limit is ${limit} bytes`);
  if ('value' in body) return { value: body.value };
  try {
    return { value: JSON.parse(body.text) as unknown };
  } catch {
    return new HttpError(400, JsonRpcErrorCode.ParseError, 'Parse error: invalid JSON');
  }
}
