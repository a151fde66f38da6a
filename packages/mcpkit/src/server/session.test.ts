// The handshake era on one connection: version negotiation, the order of
// initialize, batches, ping, logging/setLevel, resource subscriptions,
// list_changed, client notifications, and routing by method table.
import { describe, expect, it, onTestFinished } from 'vitest';
import { waitFor } from '../../test/helpers.js';
import { handshakePeer, initialize, meta2026, rawPeer, type RawPeer } from '../../test/rawClient.js';
import { createInMemoryPair } from '../jsonrpc/memoryTransport.js';
import type { JsonRpcPayload } from '../jsonrpc/message.js';
import type { ServerOptions } from './options.js';
import { McpServer } from './server.js';
import type { ConnectOptions, ServerSession } from './session.js';

function newServer(options: Partial<ServerOptions> = {}): McpServer {
  const server = new McpServer({ name: 'session-test', version: '2.0.0', ...options });
  server.tool({ name: 'echo', input: { type: 'object' } }, (args) => args as Record<string, unknown>);
  return server;
}

/** A client that sends raw JSON-RPC payloads and records every frame it receives. */
async function wire(
  server: McpServer,
  options?: ConnectOptions,
): Promise<{ send(p: unknown): Promise<void>; received: unknown[]; session: ServerSession }> {
  const [client, serverSide] = createInMemoryPair();
  const received: unknown[] = [];
  await client.start({
    receive: (frame) => received.push(JSON.parse(frame as string)),
    reject: () => undefined,
    closed: () => undefined,
  });
  const session = await server.connect(serverSide, options);
  onTestFinished(() => client.close());
  return { send: (p) => client.send(p as JsonRpcPayload), received, session };
}

const INIT_PARAMS = (protocolVersion: string) => ({
  protocolVersion,
  capabilities: {},
  clientInfo: { name: 'wire', version: '1' },
});

function methods(peer: RawPeer): string[] {
  return peer.notifications.map((n) => n.method);
}

/** Lets queued microtasks and in-memory deliveries run (a ping round trip). */
async function settle(peer: RawPeer): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await peer.request('ping');
}

describe('version negotiation', () => {
  it.each(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'])('echoes the supported revision %s', async (revision) => {
    const result = (await initialize(await rawPeer(newServer()), revision)) as Record<string, unknown>;
    expect(result['protocolVersion']).toBe(revision);
  });

  it.each(['1999-01-01', '2025-11-26', 'latest'])(
    'answers an unknown revision (%s) with the latest handshake revision',
    async (revision) => {
      const result = (await initialize(await rawPeer(newServer()), revision)) as Record<string, unknown>;
      expect(result['protocolVersion']).toBe('2025-11-25');
    },
  );

  it('answers 2026-07-28 in initialize with the latest handshake revision', async () => {
    const result = (await initialize(await rawPeer(newServer()), '2026-07-28')) as Record<string, unknown>;
    expect(result['protocolVersion']).toBe('2025-11-25');
  });

  it('answers with the latest revision the server is configured to speak', async () => {
    const server = newServer({ revisions: ['2025-03-26', '2025-06-18', '2026-07-28'] });
    expect(await initialize(await rawPeer(server), '2025-11-25')).toMatchObject({ protocolVersion: '2025-06-18' });
  });

  it('refuses initialize with -32602 and the supported list when the server speaks only 2026-07-28', async () => {
    const server = newServer({ revisions: ['2026-07-28'] });
    await expect(initialize(await rawPeer(server), '2025-11-25')).rejects.toMatchObject({
      code: -32602,
      data: { supported: ['2026-07-28'], requested: '2025-11-25' },
    });
  });

  it('answers with serverInfo, the capabilities and the instructions', async () => {
    const server = newServer({ title: 'Session Test', instructions: 'Use echo to echo.' });
    expect(await initialize(await rawPeer(server), '2025-11-25')).toEqual({
      protocolVersion: '2025-11-25',
      capabilities: { logging: {}, tools: { listChanged: true } },
      serverInfo: { name: 'session-test', version: '2.0.0', title: 'Session Test' },
      instructions: 'Use echo to echo.',
    });
  });

  it('refuses initialize params that miss a field with -32602', async () => {
    const peer = await rawPeer(newServer());
    await expect(peer.request('initialize', { protocolVersion: '2025-11-25', capabilities: {} })).rejects.toMatchObject({
      code: -32602,
    });
  });

  it('records what the client said on the session', async () => {
    const peer = await rawPeer(newServer());
    await initialize(peer, '2025-06-18', { roots: {} });
    expect(peer.session).toMatchObject({
      revision: '2025-06-18',
      clientInfo: { name: 'raw', version: '1.0.0' },
      clientCapabilities: { roots: {} },
    });
  });
});

describe('the order of initialize', () => {
  it('refuses requests before initialize', async () => {
    const peer = await rawPeer(newServer());
    await expect(peer.request('tools/list')).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^Not initialized/) as unknown,
    });
  });

  it('answers ping before initialize', async () => {
    expect(await (await rawPeer(newServer())).request('ping')).toEqual({});
  });

  it('refuses a second initialize with -32600', async () => {
    const peer = await handshakePeer(newServer());
    await expect(peer.request('initialize', INIT_PARAMS('2025-11-25'))).rejects.toMatchObject({ code: -32600 });
  });

  it('keeps the first negotiation after a refused second initialize', async () => {
    const peer = await handshakePeer(newServer(), '2025-03-26');
    await peer.request('initialize', INIT_PARAMS('2025-11-25')).catch(() => undefined);
    expect(peer.session.revision).toBe('2025-03-26');
  });

  it('serves requests between the initialize response and notifications/initialized', async () => {
    const peer = await rawPeer(newServer());
    await peer.request('initialize', INIT_PARAMS('2025-11-25'));
    expect(await peer.request('tools/list')).toMatchObject({ tools: [{ name: 'echo' }] });
  });
});

describe('batches', () => {
  it('are answered with a batch on a 2025-03-26 session', async () => {
    const w = await wire(newServer());
    await w.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: INIT_PARAMS('2025-03-26') });
    await waitFor(() => w.received.length === 1);
    await w.send([
      { jsonrpc: '2.0', id: 2, method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo', arguments: { a: 1 } } },
    ]);
    await waitFor(() => w.received.length === 2);
    expect(w.received[1]).toEqual([
      { jsonrpc: '2.0', id: 2, result: {} },
      { jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: '{"a":1}' }] } },
    ]);
  });

  it.each(['2025-06-18', '2025-11-25'])('are refused with -32600 on a %s session', async (revision) => {
    const w = await wire(newServer());
    await w.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: INIT_PARAMS(revision) });
    await waitFor(() => w.received.length === 1);
    await w.send([{ jsonrpc: '2.0', id: 2, method: 'ping' }]);
    await waitFor(() => w.received.length === 2);
    expect(w.received[1]).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
  });

  it('are refused before initialize (initialize cannot be batched)', async () => {
    const w = await wire(newServer());
    await w.send([{ jsonrpc: '2.0', id: 1, method: 'initialize', params: INIT_PARAMS('2025-03-26') }]);
    await waitFor(() => w.received.length === 1);
    expect(w.received[0]).toMatchObject({ error: { code: -32600 } });
    expect(w.session.revision).toBeUndefined();
  });
});

describe('ping and logging/setLevel', () => {
  it('answers ping with an empty result', async () => {
    expect(await (await handshakePeer(newServer())).request('ping')).toEqual({});
  });

  it('answers logging/setLevel with an empty result', async () => {
    expect(await (await handshakePeer(newServer())).request('logging/setLevel', { level: 'warning' })).toEqual({});
  });

  it('refuses an unknown level with -32602', async () => {
    await expect((await handshakePeer(newServer())).request('logging/setLevel', { level: 'verbose' })).rejects.toMatchObject({
      code: -32602,
    });
  });

  it('has no logging/setLevel when logging is off (-32601)', async () => {
    const peer = await handshakePeer(newServer({ capabilities: { logging: false } }));
    await expect(peer.request('logging/setLevel', { level: 'info' })).rejects.toMatchObject({ code: -32601 });
  });
});

describe('routing', () => {
  it('answers an unknown method with -32601', async () => {
    await expect((await handshakePeer(newServer())).request('tools/frobnicate')).rejects.toMatchObject({ code: -32601 });
  });

  it('answers a method of another revision with -32601 (server/discover on a handshake session)', async () => {
    await expect((await handshakePeer(newServer())).request('server/discover')).rejects.toMatchObject({ code: -32601 });
  });

  it('answers a method whose capability is not offered with -32601', async () => {
    await expect((await handshakePeer(newServer())).request('prompts/list')).rejects.toMatchObject({ code: -32601 });
  });

  it('answers a client-bound method sent to the server with -32601', async () => {
    await expect((await handshakePeer(newServer())).request('roots/list')).rejects.toMatchObject({ code: -32601 });
  });

  it('refuses params of the wrong shape with -32602', async () => {
    await expect((await handshakePeer(newServer())).request('tools/call', { name: 42 })).rejects.toMatchObject({ code: -32602 });
  });

  it('serves a 2026-07-28 request statelessly on a handshake connection', async () => {
    const peer = await handshakePeer(newServer(), '2025-06-18');
    expect(await peer.request('tools/list', { _meta: meta2026() })).toMatchObject({ resultType: 'complete' });
  });
});

describe('resources/subscribe', () => {
  function resourceServer(): McpServer {
    const server = newServer();
    server.resource({ uri: 'mem://a', name: 'a' }, () => 'A');
    server.resource({ uri: 'mem://b', name: 'b' }, () => 'B');
    return server;
  }

  it('makes notifyResourceUpdated send notifications/resources/updated for that URI', async () => {
    const server = resourceServer();
    const peer = await handshakePeer(server);
    await peer.request('resources/subscribe', { uri: 'mem://a' });
    server.notifyResourceUpdated('mem://a');
    await settle(peer);
    expect(peer.notifications.filter((n) => n.method === 'notifications/resources/updated').map((n) => n.params)).toEqual([
      { uri: 'mem://a' },
    ]);
  });

  it('sends nothing for URIs the client did not subscribe to', async () => {
    const server = resourceServer();
    const peer = await handshakePeer(server);
    await peer.request('resources/subscribe', { uri: 'mem://a' });
    server.notifyResourceUpdated('mem://b');
    await settle(peer);
    expect(methods(peer)).not.toContain('notifications/resources/updated');
  });

  it('sends nothing after resources/unsubscribe', async () => {
    const server = resourceServer();
    const peer = await handshakePeer(server);
    await peer.request('resources/subscribe', { uri: 'mem://a' });
    await peer.request('resources/unsubscribe', { uri: 'mem://a' });
    server.notifyResourceUpdated('mem://a');
    await settle(peer);
    expect(methods(peer)).not.toContain('notifications/resources/updated');
  });

  it('is per session', async () => {
    const server = resourceServer();
    const subscribed = await handshakePeer(server);
    const other = await handshakePeer(server);
    await subscribed.request('resources/subscribe', { uri: 'mem://a' });
    server.notifyResourceUpdated('mem://a');
    await settle(subscribed);
    await settle(other);
    expect(methods(subscribed)).toContain('notifications/resources/updated');
    expect(methods(other)).not.toContain('notifications/resources/updated');
  });

  it('is not offered without resources (-32601)', async () => {
    await expect((await handshakePeer(newServer())).request('resources/subscribe', { uri: 'mem://a' })).rejects.toMatchObject({
      code: -32601,
    });
  });
});

describe('list_changed', () => {
  it('is sent after a tool is registered at run time', async () => {
    const server = newServer();
    const peer = await handshakePeer(server);
    server.tool({ name: 'late' }, () => '');
    await settle(peer);
    expect(methods(peer)).toEqual(['notifications/tools/list_changed']);
  });

  it('coalesces changes of one turn: three registrations, one notification', async () => {
    const server = newServer();
    const peer = await handshakePeer(server);
    server.tool({ name: 'a' }, () => '');
    server.tool({ name: 'b' }, () => '');
    server.tool({ name: 'c' }, () => '');
    await settle(peer);
    expect(methods(peer)).toEqual(['notifications/tools/list_changed']);
  });

  it('sends one notification per list that changed', async () => {
    const server = newServer({ capabilities: { prompts: {}, resources: {} } });
    const peer = await handshakePeer(server);
    server.prompt({ name: 'p' }, () => '');
    server.tool({ name: 'a' }, () => '');
    server.resourceTemplate({ uriTemplate: 'x://{y}', name: 'x' }, () => '');
    await settle(peer);
    expect(methods(peer).sort()).toEqual([
      'notifications/prompts/list_changed',
      'notifications/resources/list_changed',
      'notifications/tools/list_changed',
    ]);
  });

  it('is sent for disable, enable, update and remove', async () => {
    const server = newServer();
    const reg = server.tool({ name: 'x' }, () => '');
    const peer = await handshakePeer(server);
    const changes = [
      () => {
        reg.disable();
      },
      () => {
        reg.enable();
      },
      () => {
        reg.update({ handler: () => 'y' });
      },
      () => {
        reg.remove();
      },
    ];
    for (const change of changes) {
      change();
      await settle(peer);
    }
    expect(methods(peer)).toEqual(Array(4).fill('notifications/tools/list_changed'));
  });

  it('is not sent for a list whose listChanged the server declared false', async () => {
    const server = newServer({ capabilities: { tools: { listChanged: false } } });
    const peer = await handshakePeer(server);
    server.tool({ name: 'late' }, () => '');
    await settle(peer);
    expect(methods(peer)).toEqual([]);
  });

  it('is not sent for a list the server did not advertise at initialize', async () => {
    const server = newServer();
    const peer = await handshakePeer(server);
    server.prompt({ name: 'first prompt' }, () => '');
    await settle(peer);
    expect(methods(peer)).toEqual([]);
  });

  it('is sent for a list declared up front and registered later', async () => {
    const server = newServer({ capabilities: { prompts: {} } });
    const peer = await handshakePeer(server);
    server.prompt({ name: 'first prompt' }, () => '');
    await settle(peer);
    expect(methods(peer)).toEqual(['notifications/prompts/list_changed']);
  });

  it('is not sent before notifications/initialized', async () => {
    const server = newServer();
    const peer = await rawPeer(server);
    await peer.request('initialize', INIT_PARAMS('2025-11-25'));
    server.tool({ name: 'late' }, () => '');
    await settle(peer);
    expect(methods(peer)).toEqual([]);
  });

  it('is not sent to a connection that never initialized', async () => {
    const server = newServer();
    const peer = await rawPeer(server);
    server.tool({ name: 'late' }, () => '');
    await settle(peer);
    expect(methods(peer)).toEqual([]);
  });
});

describe('client notifications', () => {
  it('reach server.onNotification with the session', async () => {
    const server = newServer();
    const seen: unknown[] = [];
    server.onNotification('notifications/roots/list_changed', (params, session) =>
      seen.push({ params, revision: session.revision }),
    );
    const peer = await handshakePeer(server);
    await peer.connection.notify('notifications/roots/list_changed', { _meta: { k: 1 } });
    await settle(peer);
    expect(seen).toEqual([{ params: { _meta: { k: 1 } }, revision: '2025-11-25' }]);
  });

  it('stop reaching a handler once it is removed', async () => {
    const server = newServer();
    let count = 0;
    const off = server.onNotification('notifications/roots/list_changed', () => count++);
    const peer = await handshakePeer(server);
    off();
    await peer.connection.notify('notifications/roots/list_changed');
    await settle(peer);
    expect(count).toBe(0);
  });

  it('do not break the connection when a handler throws', async () => {
    const server = newServer();
    server.onNotification('notifications/roots/list_changed', () => {
      throw new Error('bug');
    });
    const peer = await handshakePeer(server);
    await peer.connection.notify('notifications/roots/list_changed');
    expect(await peer.request('ping')).toEqual({});
  });

  it('do not include notifications/initialized, which the session consumes', async () => {
    const server = newServer();
    let count = 0;
    server.onNotification('notifications/initialized', () => count++);
    await handshakePeer(server);
    await settle(await handshakePeer(server));
    expect(count).toBe(0);
  });
});

describe('stateless mode', () => {
  it('refuses initialize with -32601 that names the supported versions', async () => {
    const w = await wire(newServer(), { mode: 'stateless' });
    await w.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: INIT_PARAMS('2025-11-25') });
    await waitFor(() => w.received.length === 1);
    expect(w.received[0]).toMatchObject({
      id: 1,
      error: { code: -32601, data: { supported: ['2026-07-28'], requested: '2025-11-25' } },
    });
  });

  it('refuses a request without the protocol version in _meta with -32602', async () => {
    const w = await wire(newServer(), { mode: 'stateless' });
    await w.send({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: { _meta: { 'io.modelcontextprotocol/clientCapabilities': {} } },
    });
    await waitFor(() => w.received.length === 1);
    expect(w.received[0]).toMatchObject({ id: 1, error: { code: -32602 } });
  });

  it('does not send list_changed to the connection', async () => {
    const server = newServer();
    const w = await wire(server, { mode: 'stateless' });
    server.tool({ name: 'late' }, () => '');
    await w.send({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta2026() } });
    await waitFor(() => w.received.length >= 1);
    expect(w.received).toEqual([expect.objectContaining({ id: 1 })]);
  });
});
