/**
 * The handshake era's HTTP state, learned by watching messages pass: the
 * session id the server assigned with the `InitializeResult`, the revision the
 * handshake negotiated (sent as `MCP-Protocol-Version` afterwards), and the
 * `initialize` request and `notifications/initialized` notification, kept so
 * that an expired session can be re-established without the client noticing.
 *
 * @see 2025-11-25 `basic/transports.mdx#session-management`
 * @module
 */
import type { JsonRpcMessage, JsonRpcNotification, JsonRpcRequest, RequestId } from '../../jsonrpc/message.js';
import { Header } from '../wire/headers.js';
import { isOk } from './httpClient.js';
import { discard, send, type HttpContext } from './send.js';

/** The handshake-era session of one transport. */
export class HandshakeSession {
  /** The session id to send, if the server assigned one. */
  id: string | undefined;
  /** The negotiated revision, once the `InitializeResult` passed through. */
  version: string | undefined;
  /** The client's `initialize` request, as sent. */
  initialize: JsonRpcRequest | undefined;
  /** The client's `notifications/initialized`, as sent. */
  initialized: JsonRpcNotification | undefined;
  /**
   * Session state the client set up after the handshake, replayed into a new
   * session with it: the resources it subscribed to (by URI) and its logging level.
   */
  readonly subscribed: Set<string> = new Set<string>();
  logLevel: unknown;
  #initializeId: RequestId | undefined;

  constructor(id?: string) {
    this.id = id;
  }

  /** Records the handshake messages the client sends. */
  observeOutgoing(message: JsonRpcMessage): void {
    if (!('method' in message)) return;
    if (message.method === 'initialize' && 'id' in message) {
      this.initialize = message;
      this.#initializeId = message.id;
      // A new handshake starts a new session: the old one (if any) is not ours to reuse.
      this.id = undefined;
      this.version = undefined;
      this.subscribed.clear();
      this.logLevel = undefined;
    } else if (message.method === 'notifications/initialized' && !('id' in message)) {
      this.initialized = message;
    } else if ('id' in message) {
      this.#observeState(message);
    }
  }

  #observeState(request: JsonRpcRequest): void {
    const params = request.params as Record<string, unknown> | undefined;
    if (request.method === 'logging/setLevel') this.logLevel = params?.['level'];
    const uri = params?.['uri'];
    if (typeof uri !== 'string') return;
    if (request.method === 'resources/subscribe') this.subscribed.add(uri);
    else if (request.method === 'resources/unsubscribe') this.subscribed.delete(uri);
  }

  /** Learns the negotiated revision from the `InitializeResult`. */
  observeIncoming(message: JsonRpcMessage): void {
    if (this.#initializeId === undefined || !('id' in message) || message.id !== this.#initializeId) return;
    if (!('result' in message)) return;
    const version = readVersion(message.result);
    if (version !== undefined) this.version = version;
  }

  /** True for the client's own `initialize` request (the one message sent before a session exists). */
  isInitialize(message: JsonRpcMessage): boolean {
    return 'method' in message && message.method === 'initialize' && 'id' in message;
  }

  /** The session headers for a request of this era. */
  headers(): Record<string, string> {
    const headers: Record<string, string> = {};
    if (this.id !== undefined) headers[Header.SessionId] = this.id;
    if (this.version !== undefined) headers[Header.ProtocolVersion] = this.version;
    return headers;
  }

  /** True if the session can be re-established (the handshake was seen). */
  get canReinitialize(): boolean {
    return this.initialize !== undefined && this.initialized !== undefined;
  }
}

/** The `protocolVersion` of an `InitializeResult`. */
export function readVersion(result: unknown): string | undefined {
  if (typeof result !== 'object' || result === null) return undefined;
  const version = (result as Record<string, unknown>)['protocolVersion'];
  return typeof version === 'string' ? version : undefined;
}

/** Ends the session with `DELETE` (a server may answer 405: it does not let clients end sessions). Never throws. */
export async function endSession(
  session: HandshakeSession,
  context: HttpContext,
  url: URL,
  warn: (message: string) => void,
): Promise<void> {
  if (session.id === undefined) return;
  try {
    const reply = await send(context, {
      method: 'DELETE',
      url,
      headers: session.headers(),
      // The transport is closing: its own signal is already aborted, so this request gets a bounded one.
      signal: AbortSignal.timeout(5000),
      what: 'DELETE (end session)',
    });
    discard(reply);
    if (!isOk(reply) && reply.status !== 405) warn(`Ending the session failed with HTTP ${String(reply.status)}`);
  } catch (error) {
    warn(`Ending the session failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
