/**
 * The headers of one POST, by era: the media types, the headers mirroring the
 * body, and either the 2026-07-28 revision the body names (plus `Mcp-Param-*`
 * for a tool call) or the handshake session's id and negotiated revision.
 *
 * @module
 */
import type { JsonRpcMessage } from '../../jsonrpc/message.js';
import { ACCEPT_POST, Header, MediaType } from '../wire/headers.js';
import { standardHeaders, toolCall } from './messageHeaders.js';
import type { HandshakeSession } from './handshakeSession.js';
import type { KnownToolHeaders } from './knownToolHeaders.js';

/** `Accept` and `Content-Type` of every POST. */
export const POST_HEADERS: Readonly<Record<string, string>> = {
  [Header.Accept]: ACCEPT_POST,
  [Header.ContentType]: MediaType.Json,
};

/** What the headers depend on besides the message. */
export interface HeaderState {
  readonly session: HandshakeSession;
  readonly tools: KnownToolHeaders;
  /** The revision the last 2026-07-28 message named. */
  readonly statelessVersion: string | undefined;
}

/**
 * The headers for POSTing `single` (undefined for a batch). `revision` is the
 * revision the message names in `_meta`, if it does.
 */
export function postHeaders(
  single: JsonRpcMessage | undefined,
  revision: string | undefined,
  state: HeaderState,
): Record<string, string> {
  const headers: Record<string, string> = { ...POST_HEADERS, ...(single === undefined ? {} : standardHeaders(single)) };
  if (revision !== undefined) {
    headers[Header.ProtocolVersion] = revision;
    const call = single === undefined ? undefined : toolCall(single);
    if (call !== undefined) Object.assign(headers, state.tools.headersFor(call.name, call.args));
    return headers;
  }
  const { session } = state;
  if (single !== undefined && session.isInitialize(single)) return headers; // no session yet, no revision agreed
  Object.assign(headers, session.headers());
  // A notification on a connection that never had a handshake speaks the revision its requests named.
  if (session.version === undefined && session.id === undefined && state.statelessVersion !== undefined) {
    headers[Header.ProtocolVersion] = state.statelessVersion;
  }
  return headers;
}
