// A raw JSON-RPC peer over the in-memory pair, for server tests that need to
// see exactly what goes over the wire (the mcpkit client hides it). A peer
// opened inside a test closes when the test ends: no open/close block in the
// test files. (A client-level test uses connectInMemory of mcpkit/testing.)
import { onTestFinished } from 'vitest';
import { Connection } from '../src/jsonrpc/connection.js';
import type { JsonRpcNotification, Params } from '../src/jsonrpc/message.js';
import type { RequestOptions } from '../src/jsonrpc/pending.js';
import type { MessageInfo } from '../src/jsonrpc/transport.js';
import { mcpCancellation, mcpProgress } from '../src/protocol/conventions.js';
import type { McpServer } from '../src/server/server.js';
import type { ServerSession } from '../src/server/session.js';
import { createInMemoryPair } from '../src/testing/index.js';
import { TestError } from './helpers.js';

export interface RawPeer {
  readonly connection: Connection;
  readonly session: ServerSession;
  readonly notifications: JsonRpcNotification[];
  request(method: string, params?: Params, options?: RequestOptions): Promise<unknown>;
  /** Answers server-to-client requests. */
  onRequest: ((method: string, params: unknown) => unknown) | undefined;
  close(): Promise<void>;
}

export const META_2026 = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
};

/** `_meta` of a 2026-07-28 request with the given client capabilities. */
export function meta2026(capabilities: object = {}, extra: object = {}): Record<string, unknown> {
  return { ...META_2026, 'io.modelcontextprotocol/clientCapabilities': capabilities, ...extra };
}

/**
 * Connects a raw peer to `server` (no handshake: a stateless-era test sends
 * its `_meta` itself). `serverInfo` is attached to every message the server
 * receives. Called inside a test, the peer closes when the test ends.
 */
export async function rawPeer(server: McpServer<unknown>, serverInfo?: MessageInfo): Promise<RawPeer> {
  const [clientSide, serverSide] = createInMemoryPair(serverInfo === undefined ? undefined : { serverInfo });
  const notifications: JsonRpcNotification[] = [];
  const peer: { onRequest: RawPeer['onRequest'] } = { onRequest: undefined };
  const connection = new Connection(clientSide, {
    onNotification: (n) => notifications.push(n),
    onRequest: (request) => {
      if (peer.onRequest === undefined) throw new TestError(`unexpected ${request.method}`);
      return peer.onRequest(request.method, request.params);
    },
    cancellation: mcpCancellation,
    progress: mcpProgress,
    timeoutMs: 5000,
  });
  const session = await server.connect(serverSide);
  await connection.start();
  onTestFinished(() => connection.close());
  return Object.assign(peer, {
    connection,
    session,
    notifications,
    request: (method: string, params?: Params, options?: RequestOptions) => connection.request(method, params, options),
    close: () => connection.close(),
  });
}

/** A raw peer after the handshake at `revision` (default 2025-11-25), declaring `capabilities`; closes when the test ends. */
export async function handshakePeer(
  server: McpServer<unknown>,
  revision = '2025-11-25',
  capabilities: object = {},
  serverInfo?: MessageInfo,
): Promise<RawPeer> {
  const peer = await rawPeer(server, serverInfo);
  await initialize(peer, revision, capabilities);
  return peer;
}

/** Performs the handshake at `revision`. */
export async function initialize(peer: RawPeer, revision: string, capabilities: object = {}): Promise<unknown> {
  const result = await peer.request('initialize', {
    protocolVersion: revision,
    capabilities,
    clientInfo: { name: 'raw', version: '1.0.0' },
  });
  await peer.connection.notify('notifications/initialized');
  return result;
}
