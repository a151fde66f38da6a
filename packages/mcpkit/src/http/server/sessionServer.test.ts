/**
 * The HTTP handler serves any `SessionServer`, not only an `McpServer`: here a
 * hand-written one that answers `initialize` and echoes requests, as a bridge
 * or a gateway would relay them. The handler keeps the HTTP: session ids,
 * the principal a session is bound to, DELETE, and stateless requests.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LocalError } from '../../jsonrpc/localError.js';
import type { Transport, TransportSink } from '../../jsonrpc/transport.js';
import { MemoryShared } from '../../scaleout/index.js';
import type { SessionConnect, SessionServer } from './sessionServer.js';
import { createWebHandler, type WebHandler } from './webHandler.js';

const ACCEPT = 'application/json, text/event-stream';
const URL_ = 'http://127.0.0.1/mcp';

/** Answers `initialize` and echoes every other request's method; records how it was connected and closed. */
class EchoServer implements SessionServer {
  readonly connected: SessionConnect[] = [];
  closed = 0;

  async connect(transport: Transport, options: SessionConnect): Promise<{ revision?: undefined }> {
    this.connected.push(options);
    const sink: TransportSink = {
      receive: (frame) => {
        const m = (typeof frame === 'string' ? JSON.parse(frame) : frame) as Record<string, unknown>;
        if (!('id' in m) || !('method' in m)) return;
        const result =
          m['method'] === 'initialize'
            ? { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 'echo', version: '1' } }
            : { echoed: m['method'] };
        void transport.send({ jsonrpc: '2.0', id: m['id'] as number, result });
      },
      reject: () => undefined,
      closed: () => {
        this.closed++;
        options.onClose?.();
      },
    };
    await transport.start(sink);
    return {};
  }
}

const post = (handler: WebHandler, body: object, headers: Record<string, string> = {}, auth?: unknown): Promise<Response> =>
  handler(
    new Request(URL_, {
      method: 'POST',
      headers: { accept: ACCEPT, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
    auth === undefined ? undefined : { auth },
  );

const initialize = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
};

describe('the HTTP handler serves a SessionServer', () => {
  const handlers: WebHandler[] = [];
  afterEach(async () => {
    for (const h of handlers.splice(0)) await h.close();
  });
  const serve = (server: SessionServer): WebHandler => {
    const handler = createWebHandler(server);
    handlers.push(handler);
    return handler;
  };

  it('opens a session with its id, routes later requests to it, and ends it on DELETE', async () => {
    const server = new EchoServer();
    const handler = serve(server);
    const opened = await post(handler, initialize);
    expect(opened.status).toBe(200);
    const id = opened.headers.get('mcp-session-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(server.connected).toEqual([expect.objectContaining({ sessionId: id })]);
    await opened.text();
    const session = { 'mcp-session-id': id ?? '', 'mcp-protocol-version': '2025-06-18' };
    const echoed = await post(handler, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, session);
    expect(await echoed.text()).toContain('"echoed":"tools/list"');
    const deleted = await handler(new Request(URL_, { method: 'DELETE', headers: session }));
    expect(deleted.status).toBe(204);
    expect(server.closed).toBe(1);
    const after = await post(handler, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, session);
    expect(after.status).toBe(404);
  });

  it('binds a session to the principal that opened it (the default: the token subject)', async () => {
    const handler = serve(new EchoServer());
    const opened = await post(handler, initialize, {}, { sub: 'ada' });
    const id = opened.headers.get('mcp-session-id') ?? '';
    await opened.text();
    const session = { 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' };
    const other = await post(handler, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, session, { sub: 'eve' });
    expect(other.status).toBe(404);
    const same = await post(handler, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, session, { sub: 'ada' });
    expect(same.status).toBe(200);
    await same.text();
  });

  it('uses the principal and revisions the server declares', async () => {
    const server = Object.assign(new EchoServer(), {
      revisions: ['2025-06-18'] as const,
      principal: (auth: unknown) => (auth as { team?: string } | undefined)?.team,
    });
    const handler = serve(server);
    const opened = await post(handler, initialize, {}, { sub: 'ada', team: 'red' });
    const id = opened.headers.get('mcp-session-id') ?? '';
    await opened.text();
    const asTeam = await post(
      handler,
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' },
      { sub: 'bob', team: 'red' },
    );
    expect(asTeam.status).toBe(200);
    await asTeam.text();
    const unsupported = await post(
      handler,
      { jsonrpc: '2.0', id: 2, method: 'ping' },
      { 'mcp-session-id': id, 'mcp-protocol-version': '2025-03-26' },
      { team: 'red' },
    );
    expect(unsupported.status).toBe(400);
  });

  it('hands a stateless request over as one, with no session', async () => {
    const server = new EchoServer();
    const handler = serve(server);
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const answer = await post(
      handler,
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta } },
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
    );
    expect(server.connected).toEqual([expect.objectContaining({ mode: 'stateless' })]);
    expect(answer.headers.get('mcp-session-id')).toBeNull();
    expect(await answer.text()).toContain('"echoed":"tools/list"');
  });

  it('refuses a shared store for a server that is not an McpServer (its replicas need snapshots)', () => {
    expect(() => createWebHandler(new EchoServer(), { store: new MemoryShared().store() })).toThrow(LocalError);
  });
});
