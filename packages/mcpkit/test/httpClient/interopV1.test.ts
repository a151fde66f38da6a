/**
 * Interop with the official v1 SDK server (`@modelcontextprotocol/sdk`
 * 1.x) over real HTTP: `StreamableHTTPServerTransport` with sessions and an
 * event store, and the HTTP+SSE `SSEServerTransport`, driven by mcpkit's
 * JSON-RPC engine through the client transports.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { StreamableHttpClientTransport } from '../../src/http/client/streamableHttpClientTransport.js';
import { Connection } from '../../src/jsonrpc/connection.js';
import type { JsonRpcNotification } from '../../src/jsonrpc/message.js';
import type { Transport } from '../../src/jsonrpc/transport.js';
import { mcpCancellation, mcpProgress } from '../../src/protocol/conventions.js';
import { waitFor } from '../helpers.js';
import { FACES } from './faces.js';
import { legacyServer, streamableServer } from './officialV1.js';

/** mcpkit's engine over a transport, with a sampling handler and recorded notifications. */
async function engine(transport: Transport): Promise<{ connection: Connection; notes: JsonRpcNotification[] }> {
  const notes: JsonRpcNotification[] = [];
  const connection = new Connection(transport, {
    cancellation: mcpCancellation,
    progress: mcpProgress,
    onNotification: (n) => notes.push(n),
    onRequest: (request) => {
      if (request.method === 'sampling/createMessage')
        return { role: 'assistant', model: 'test', content: { type: 'text', text: 'hi' } };
      if (request.method === 'ping') return {};
      throw new Error(`unexpected ${request.method}`);
    },
    timeoutMs: 5000,
  });
  await connection.start();
  return { connection, notes };
}

async function handshake(connection: Connection, protocolVersion = '2025-11-25'): Promise<Record<string, unknown>> {
  const result = (await connection.request('initialize', {
    protocolVersion,
    capabilities: { sampling: {} },
    clientInfo: { name: 'mcpkit-test', version: '1.0.0' },
  })) as Record<string, unknown>;
  await connection.notify('notifications/initialized');
  return result;
}

const text = (result: unknown): string => (result as { content: { text: string }[] }).content[0]?.text ?? '';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(FACES)('$name face', (face) => {
  describe('official v1 server, Streamable HTTP with sessions', () => {
    async function connect(): Promise<{
      server: Awaited<ReturnType<typeof streamableServer>>;
      transport: StreamableHttpClientTransport;
      connection: Connection;
      notes: JsonRpcNotification[];
    }> {
      const server = await streamableServer();
      const transport = new face.StreamableHttpClientTransport({
        url: `${server.origin}/mcp`,
        reconnect: { initialDelayMs: 20 },
      });
      const { connection, notes } = await engine(transport);
      cleanups.push(
        () => server.close(),
        () => connection.close(),
      );
      return { server, transport, connection, notes };
    }

    it('initializes, gets a session, lists and calls tools', async () => {
      const { server, transport, connection } = await connect();
      const init = await handshake(connection);
      expect(init['protocolVersion']).toBe('2025-11-25');
      expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(server.sessions.has(transport.sessionId ?? '')).toBe(true);
      const tools = (await connection.request('tools/list')) as { tools: { name: string }[] };
      expect(tools.tools.map((t) => t.name)).toEqual(['echo', 'steps', 'ask', 'cut', 'announce']);
      expect(text(await connection.request('tools/call', { name: 'echo', arguments: { text: 'héllo' } }))).toBe('héllo');
    });

    it('delivers notifications sent on the request stream before its response', async () => {
      const { connection, notes } = await connect();
      await handshake(connection);
      await connection.request('logging/setLevel', { level: 'debug' });
      expect(text(await connection.request('tools/call', { name: 'steps', arguments: { count: 3 } }))).toBe('did 3 steps');
      expect(notes.filter((n) => n.method === 'notifications/message').map((n) => (n.params as { data: string }).data)).toEqual([
        'step 1',
        'step 2',
        'step 3',
      ]);
    });

    it('answers a server request (sampling) sent on the request stream', async () => {
      const { connection } = await connect();
      await handshake(connection);
      expect(text(await connection.request('tools/call', { name: 'ask', arguments: {} }))).toBe('model said: hi');
    });

    it('receives unrelated server messages on the GET stream', async () => {
      const { connection, notes } = await connect();
      await handshake(connection);
      await connection.request('logging/setLevel', { level: 'info' });
      await connection.request('tools/call', { name: 'announce', arguments: {} });
      await waitFor(
        () => notes.some((n) => (n.params as { data?: string } | undefined)?.data === 'unrelated news'),
        3000,
        'the GET stream message',
      );
    });

    it('resumes a request stream the server cut, with GET + Last-Event-ID, and gets the response', async () => {
      const context = await connect();
      const { connection, notes } = context;
      await handshake(connection);
      await connection.request('logging/setLevel', { level: 'info' });
      const { server } = context;
      expect(text(await connection.request('tools/call', { name: 'cut', arguments: {} }))).toBe('after the cut');
      expect(notes.filter((n) => n.method === 'notifications/message').map((n) => (n.params as { data: string }).data)).toContain(
        'before the cut',
      );
      const resumes = server.seen.filter((s) => s.http === 'GET' && s.lastEventId !== undefined);
      expect(resumes).toHaveLength(1);
      expect(resumes[0]?.session).toBe(context.transport.sessionId);
    });

    it('re-initializes transparently when the server forgets the session (the official client fails here)', async () => {
      const { server, transport, connection } = await connect();
      await handshake(connection);
      const first = transport.sessionId ?? '';
      await server.sessions.get(first)?.close();
      server.sessions.delete(first);
      expect(text(await connection.request('tools/call', { name: 'echo', arguments: { text: 'still here' } }))).toBe(
        'still here',
      );
      expect(transport.sessionId).not.toBe(first);
      expect(server.sessions.has(transport.sessionId ?? '')).toBe(true);
      const posts = server.seen
        .filter((s) => s.http === 'POST')
        .map((s) => [s.rpc, s.session === undefined ? 'none' : s.session === first ? 'old' : 'new']);
      expect(posts).toEqual([
        ['initialize', 'none'],
        ['notifications/initialized', 'old'],
        ['tools/call', 'old'],
        ['initialize', 'none'],
        ['notifications/initialized', 'new'],
        ['tools/call', 'new'],
      ]);
    });

    it('cancels a request: the server sees notifications/cancelled, the caller gets CANCELLED', async () => {
      const { server, transport, connection } = await connect();
      await handshake(connection);
      const controller = new AbortController();
      const call = connection.request('tools/call', { name: 'cut', arguments: {} }, { signal: controller.signal });
      setTimeout(() => {
        controller.abort();
      }, 20);
      await expect(call).rejects.toMatchObject({ code: 'CANCELLED' });
      expect(text(await connection.request('tools/call', { name: 'echo', arguments: { text: 'next' } }))).toBe('next');
      const cancelled = server.seen.find((s) => s.rpc === 'notifications/cancelled');
      expect(cancelled?.session).toBe(transport.sessionId);
      expect(cancelled?.version).toBe('2025-11-25');
    });

    it('DELETEs the session on close', async () => {
      const { server, transport, connection } = await connect();
      await handshake(connection);
      const id = transport.sessionId ?? '';
      await connection.close();
      expect(server.deleted).toEqual([id]);
      expect(server.sessions.size).toBe(0);
    });
  });

  describe('official v1 server, HTTP+SSE', () => {
    it('httpTransport falls back from a failed initialize POST to the SSE stream, and everything works there', async () => {
      const server = await legacyServer();
      cleanups.push(() => server.close());
      const transport = face.httpTransport(`${server.origin}/sse`);
      const { connection, notes } = await engine(transport);
      cleanups.push(() => connection.close());
      const init = await handshake(connection, '2024-11-05');
      expect(init['protocolVersion']).toBe('2024-11-05');
      expect(transport.protocol).toBe('http+sse');
      expect(text(await connection.request('tools/call', { name: 'echo', arguments: { text: 'over sse' } }))).toBe('over sse');
      await connection.request('logging/setLevel', { level: 'info' });
      expect(text(await connection.request('tools/call', { name: 'steps', arguments: { count: 2 } }))).toBe('did 2 steps');
      expect(notes.filter((n) => n.method === 'notifications/message')).toHaveLength(2);
      expect(text(await connection.request('tools/call', { name: 'ask', arguments: {} }))).toBe('model said: hi');
    });
  });
});
