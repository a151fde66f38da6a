// Shared harness of the client tests: an mcpkit server and client linked in
// memory (mcpkit/testing's connectInMemory, closed when the test ends), and a
// scriptable fake server on a raw JSON-RPC connection for the odd servers
// (silent, -32022, endless cursors, hand-made input rounds).
import { onTestFinished } from 'vitest';
import { Connection } from '../../src/jsonrpc/connection.js';
import type { RequestContext } from '../../src/jsonrpc/incoming.js';
import type { JsonRpcNotification, JsonRpcRequest, Params } from '../../src/jsonrpc/message.js';
import { connectInMemory, createInMemoryPair, type TestClient } from '../../src/testing/index.js';
import type { Transport } from '../../src/jsonrpc/transport.js';
import { mcpCancellation, mcpProgress } from '../../src/protocol/conventions.js';
import { McpServer as McpServerClass, type McpServer } from '../../src/server/server.js';
import { completeFrom } from '../../src/server/completion.js';
import type { ServerOptions } from '../../src/server/options.js';
import type { ServerSession } from '../../src/server/session.js';
import type { ClientOptions, EraPreference } from '../../src/client/options.js';

/** The five revisions and `auto`, for matrix tests. */
export const ERAS: readonly EraPreference[] = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28', 'auto'];

/** A client connected to `server` in memory. */
export interface Linked {
  readonly client: TestClient;
  readonly session: ServerSession;
  readonly close: () => Promise<void>;
}

/**
 * Connects a new client (options merged over a default name/version and a
 * 5 s timeout) to `server`; called inside a test, it closes when the test ends.
 */
export async function link(server: McpServer<unknown>, options: Partial<ClientOptions> = {}): Promise<Linked> {
  const client = await connectInMemory(server, { name: 'test-client', version: '1.0.0', timeoutMs: 5_000, ...options });
  onTestFinished(() => client.close());
  return { client, session: client.session, close: () => client.close() };
}

/** A request the fake server received. */
export interface Received {
  readonly method: string;
  readonly id: JsonRpcRequest['id'];
  readonly params: Record<string, unknown>;
}

/** What a fake server answers: a result, or throw an RpcError; `undefined` from `silent` never answers. */
export type FakeHandler = (request: Received, rpc: RequestContext) => unknown;

/** A scriptable server on a raw connection: every request goes to `handle`. */
export interface FakeServer {
  readonly transport: Transport;
  readonly connection: Connection;
  readonly requests: Received[];
  readonly notifications: JsonRpcNotification[];
  notify(method: string, params?: Params): Promise<void>;
}

/** Starts a fake server; returns it and the client end of its transport. */
export async function fakeServer(handle: FakeHandler): Promise<FakeServer> {
  const [clientSide, serverSide] = createInMemoryPair();
  const requests: Received[] = [];
  const notifications: JsonRpcNotification[] = [];
  const connection = new Connection(serverSide, {
    onRequest: (request, rpc) => {
      const received = { method: request.method, id: request.id, params: (request.params ?? {}) as Record<string, unknown> };
      requests.push(received);
      return handle(received, rpc);
    },
    onNotification: (n) => notifications.push(n),
    cancellation: mcpCancellation,
    progress: mcpProgress,
  });
  await connection.start();
  return {
    transport: clientSide,
    connection,
    requests,
    notifications,
    notify: (method, params) => connection.notify(method, params),
  };
}

/** A promise that never settles: a server that stays silent. */
export function silence(): Promise<never> {
  return new Promise(() => undefined);
}

/** The 2026-07-28 decoration a stateless-era server adds to a complete result. */
export function complete<T extends object>(result: T, extra: object = {}): T & { resultType: 'complete' } {
  return { ...result, ...extra, resultType: 'complete' };
}

/** A DiscoverResult for a fake stateless server. */
export function discoverResult(capabilities: object = { tools: {} }, extra: object = {}): Record<string, unknown> {
  return complete(
    {
      supportedVersions: ['2026-07-28'],
      capabilities,
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'fake', version: '0.0.1' } },
      ttlMs: 0,
      cacheScope: 'public',
    },
    extra,
  );
}

/** Options of {@link demoServer}. */
export type DemoOptions = ServerOptions;

/**
 * A server with one of everything: tools (text, structured, logging), a static
 * resource, a template, a prompt with completion.
 */
export function demoServer(options: Partial<DemoOptions> = {}): McpServerClass {
  const server = new McpServerClass({ name: 'demo', version: '2.0.0', instructions: 'Be nice.', ...options });
  server.tool(
    { name: 'echo', input: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } },
    (args) => `echo: ${(args as { text: string }).text}`,
  );
  server.tool(
    {
      name: 'add',
      input: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
      output: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
    },
    (args) => ({ sum: (args as { a: number }).a + (args as { b: number }).b }),
  );
  server.tool({ name: 'log', input: { type: 'object' } }, async (_args, ctx) => {
    await ctx.log('info', 'an info line');
    await ctx.log('debug', 'a debug line');
    return 'logged';
  });
  server.resource({ uri: 'demo://readme', name: 'readme', mimeType: 'text/plain' }, () => 'Read me.');
  server.resourceTemplate(
    { uriTemplate: 'demo://items/{id}', name: 'item', complete: { id: completeFrom(['1', '10', '2']) } },
    (_uri, { id }) => `item ${id}`,
  );
  server.prompt(
    { name: 'greet', arguments: [{ name: 'who', required: true }], complete: { who: completeFrom(['Ada', 'Alan']) } },
    (args) => `Hello ${String(args['who'])}`,
  );
  return server;
}
