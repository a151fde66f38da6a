/**
 * The headers that mirror a message's body for intermediaries: `Mcp-Method`
 * on every request and notification, and `Mcp-Name` for the methods that act
 * on one named thing. Sent in both eras: the 2026-07-28 revision requires
 * them, and earlier servers ignore headers they do not know.
 *
 * @see 2026-07-28 `basic/transports/streamable-http.mdx#standard-request-headers`
 * @module
 */
import type { JsonRpcMessage } from '../../jsonrpc/message.js';
import { META_PROTOCOL_VERSION } from '../../protocol/meta.js';
import { encodeHeaderValue } from '../wire/headerValue.js';
import { isObject } from '../../protocol/check.js';
import { NAME_FIELD } from '../../protocol/nameField.js';

/** `Mcp-Method` and, where the method names a target, `Mcp-Name`. Nothing for a response. */
export function standardHeaders(message: JsonRpcMessage): Record<string, string> {
  if (!('method' in message)) return {};
  const headers: Record<string, string> = { 'Mcp-Method': message.method };
  const field = NAME_FIELD[message.method];
  const params = message.params;
  if (field !== undefined && isObject(params)) {
    const value = params[field];
    if (typeof value === 'string') headers['Mcp-Name'] = encodeHeaderValue(value);
  }
  return headers;
}

/** The revision a message names in `_meta` (2026-07-28 and later), or undefined for a handshake-era message. */
export function statelessRevision(message: JsonRpcMessage): string | undefined {
  if (!('method' in message) || !isObject(message.params)) return undefined;
  const meta = message.params['_meta'];
  if (!isObject(meta)) return undefined;
  const version = meta[META_PROTOCOL_VERSION];
  return typeof version === 'string' ? version : undefined;
}

/** The tool name and arguments of a `tools/call`, or undefined for any other message. */
export function toolCall(message: JsonRpcMessage): { readonly name: string; readonly args: unknown } | undefined {
  if (!('method' in message) || message.method !== 'tools/call' || !isObject(message.params)) return undefined;
  const name = message.params['name'];
  return typeof name === 'string' ? { name, args: message.params['arguments'] } : undefined;
}
