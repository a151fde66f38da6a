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
import { Header } from '../wire/headers.js';
import { encodeHeaderValue } from '../wire/headerValue.js';
import { mirroredName, toolCallOf } from '../wire/mirror.js';

/** `Mcp-Method` and, where the method names a target, `Mcp-Name`. Nothing for a response. */
export function standardHeaders(message: JsonRpcMessage): Record<string, string> {
  if (!('method' in message)) return {};
  const headers: Record<string, string> = { [Header.Method]: message.method };
  const name = mirroredName(message.method, message.params);
  if (name !== undefined) headers[Header.Name] = encodeHeaderValue(name);
  return headers;
}

/** The tool name and arguments of a `tools/call`, or undefined for any other message. */
export function toolCall(message: JsonRpcMessage): { readonly name: string; readonly args: unknown } | undefined {
  return 'method' in message ? toolCallOf(message.method, message.params) : undefined;
}
