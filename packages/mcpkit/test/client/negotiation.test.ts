// Era negotiation (2026-07-28 basic/transports/stdio.mdx#backward-compatibility):
// a DiscoverResult means stateless; -32022 with a list means stateless at a listed
// version (never a fallback); any other error or silence means handshake.
import { describe, expect, it } from 'vitest';
import { McpClient } from '../../src/client/client.js';
import { LocalError } from '../../src/jsonrpc/localError.js';
import { createInMemoryPair } from '../../src/testing/index.js';
import type { Transport } from '../../src/jsonrpc/transport.js';
import { RpcError } from '../../src/jsonrpc/rpcError.js';
import { HANDSHAKE_REVISIONS } from '../../src/protocol/versions.js';
import { McpServer } from '../../src/server/server.js';
import { expectLocalError, expectRpcError } from '../helpers.js';
import { complete, demoServer, discoverResult, fakeServer, link, silence } from './harness.js';

const META_VERSION = 'io.modelcontextprotocol/protocolVersion';

function newClient(era: ConstructorParameters<typeof McpClient>[0]['era'] = 'auto', extra: object = {}): McpClient {
  return new McpClient({ name: 'neg', version: '1.0.0', era, timeoutMs: 2_000, ...extra });
}

function initializeResult(revision: string): Record<string, unknown> {
  return { protocolVersion: revision, capabilities: { tools: {} }, serverInfo: { name: 'handshake', version: '0.1' } };
}

describe('auto', () => {
  it('probes with server/discover carrying the request _meta, and stays stateless', async () => {
    const fake = await fakeServer((r) =>
      r.method === 'server/discover' ? discoverResult({ tools: {} }, { instructions: 'hi' }) : complete({ tools: [] }),
    );
    const client = newClient('auto', { title: 'Neg', handlers: { roots: { list: () => [] } } });
    await client.connect(fake.transport);
    expect(client.era).toBe('stateless');
    expect(client.revision).toBe('2026-07-28');
    expect(client.serverInfo).toEqual({ name: 'fake', version: '0.0.1' });
    expect(client.instructions).toBe('hi');
    expect(fake.requests[0]).toMatchObject({
      method: 'server/discover',
      params: {
        _meta: {
          [META_VERSION]: '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': { roots: {} },
          'io.modelcontextprotocol/clientInfo': { name: 'neg', version: '1.0.0', title: 'Neg' },
        },
      },
    });
    await client.listTools();
    // Every later request carries the _meta too, and no initialize was ever sent.
    expect(fake.requests[1]?.params['_meta']).toMatchObject({ [META_VERSION]: '2026-07-28' });
    expect(fake.requests.map((r) => r.method)).toEqual(['server/discover', 'tools/list']);
    await client.close();
  });

  it('falls back to initialize on a handshake-only mcpkit server', async () => {
    const server = demoServer({ revisions: HANDSHAKE_REVISIONS });
    const { client, close } = await link(server);
    expect(client.era).toBe('handshake');
    expect(client.revision).toBe('2025-11-25');
    expect((await client.callTool({ name: 'echo', arguments: { text: 'old' } })).content).toEqual([
      { type: 'text', text: 'echo: old' },
    ]);
    await close();
  });

  it.each([
    ['-32601', () => Promise.reject(RpcError.methodNotFound('server/discover'))],
    ['-32602', () => Promise.reject(RpcError.invalidParams('not initialized'))],
    ['-32000', () => Promise.reject(new RpcError(-32000, 'whatever'))],
    ['a result that is not a DiscoverResult', () => ({})],
  ])('falls back to initialize on %s', async (_label, answer) => {
    const fake = await fakeServer((r) =>
      r.method === 'initialize' ? initializeResult('2025-06-18') : r.method === 'server/discover' ? answer() : {},
    );
    const client = newClient();
    await client.connect(fake.transport);
    expect(client.era).toBe('handshake');
    expect(client.revision).toBe('2025-06-18');
    expect(fake.requests.map((r) => r.method)).toEqual(['server/discover', 'initialize']);
    expect(fake.requests[1]?.params).toMatchObject({ protocolVersion: '2025-11-25', clientInfo: { name: 'neg' } });
    expect(fake.notifications.map((n) => n.method)).toContain('notifications/initialized');
    await client.close();
  });

  it('falls back to initialize on an HTTP 4xx without a stateless-era error body', async () => {
    const fake = await fakeServer((r) => (r.method === 'initialize' ? initializeResult('2025-11-25') : {}));
    // What the HTTP transport reports for such a response: a transport failure that keeps the status.
    const http: Transport = {
      start: (sink) => fake.transport.start(sink),
      send: (payload, options) =>
        (payload as { method?: string }).method === 'server/discover'
          ? Promise.reject(Object.assign(new LocalError('TRANSPORT_FAILED', 'HTTP 400'), { status: 400 }))
          : fake.transport.send(payload, options),
      close: () => fake.transport.close(),
    };
    const client = newClient();
    await client.connect(http);
    expect(client.era).toBe('handshake');
    expect(fake.requests.map((r) => r.method)).toEqual(['initialize']);
    await client.close();
  });

  it('does not fall back when the transport itself failed', async () => {
    const fake = await fakeServer(() => ({}));
    const broken: Transport = {
      start: (sink) => fake.transport.start(sink),
      send: () => Promise.reject(new LocalError('TRANSPORT_FAILED', 'network down')),
      close: () => fake.transport.close(),
    };
    await expectLocalError(newClient().connect(broken), 'TRANSPORT_FAILED');
  });

  it('falls back to initialize when the server never answers the probe', async () => {
    let probeCancelled = false;
    const fake = await fakeServer((r, rpc) => {
      if (r.method === 'initialize') return initializeResult('2025-11-25');
      rpc.signal.addEventListener('abort', () => (probeCancelled = true));
      return silence();
    });
    const client = newClient('auto', { probeTimeoutMs: 50 });
    const started = Date.now();
    await client.connect(fake.transport);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(client.era).toBe('handshake');
    // The abandoned probe was cancelled (the server saw notifications/cancelled for it).
    expect(probeCancelled).toBe(true);
    await client.close();
  });

  it('retries with a version listed in -32022 instead of falling back', async () => {
    let rejected = false;
    const fake = await fakeServer((r) => {
      if (r.method === 'server/discover' && !rejected) {
        rejected = true;
        throw new RpcError(-32022, 'Unsupported protocol version', {
          supported: ['2026-07-28', '2025-11-25'],
          requested: '2026-07-28',
        });
      }
      return discoverResult();
    });
    const client = newClient();
    await client.connect(fake.transport);
    expect(client.era).toBe('stateless');
    expect(fake.requests.map((r) => r.method)).toEqual(['server/discover', 'server/discover']);
    await client.close();
  });

  it('uses initialize with the exact handshake revision a -32022 list names', async () => {
    const fake = await fakeServer((r) => {
      if (r.method === 'server/discover')
        throw new RpcError(-32022, 'Unsupported', { supported: ['2025-03-26'], requested: '2026-07-28' });
      return initializeResult('2025-03-26');
    });
    const client = newClient();
    await client.connect(fake.transport);
    expect(client.revision).toBe('2025-03-26');
    expect(fake.requests[1]).toMatchObject({ method: 'initialize', params: { protocolVersion: '2025-03-26' } });
    await client.close();
  });

  it('fails, without falling back, when -32022 lists nothing in common', async () => {
    const fake = await fakeServer((r) => {
      if (r.method === 'server/discover')
        throw new RpcError(-32022, 'Unsupported', { supported: ['2030-01-01'], requested: '2026-07-28' });
      return initializeResult('2025-11-25');
    });
    const client = newClient();
    const error = await expectLocalError(client.connect(fake.transport), 'NOT_SUPPORTED');
    expect(error.message).toContain('2030-01-01');
    expect(fake.requests.map((r) => r.method)).toEqual(['server/discover']);
    expect(fake.connection.isOpen).toBe(false);
  });
});

describe('pinned eras', () => {
  it('handshake goes straight to initialize and accepts an older revision', async () => {
    const fake = await fakeServer((r) => (r.method === 'initialize' ? initializeResult('2024-11-05') : {}));
    const client = newClient('handshake');
    await client.connect(fake.transport);
    expect(client.revision).toBe('2024-11-05');
    expect(fake.requests.map((r) => r.method)).toEqual(['initialize']);
    await client.close();
  });

  it('still takes the deprecated names: legacy is handshake, modern is stateless', async () => {
    const fake = await fakeServer((r) => (r.method === 'initialize' ? initializeResult('2025-11-25') : {}));
    const old = newClient('legacy');
    await old.connect(fake.transport);
    expect([old.era, fake.requests.map((r) => r.method)]).toEqual(['handshake', ['initialize']]);
    await old.close();
    const discovering = await fakeServer((r) => (r.method === 'server/discover' ? discoverResult({ tools: {} }) : {}));
    const modern = newClient('modern');
    await modern.connect(discovering.transport);
    expect([modern.era, modern.revision]).toEqual(['stateless', '2026-07-28']);
    await modern.close();
  });

  it('a pinned handshake revision refuses another one, and closes', async () => {
    const fake = await fakeServer((r) => (r.method === 'initialize' ? initializeResult('2024-11-05') : {}));
    const client = newClient('2025-06-18');
    await expectLocalError(client.connect(fake.transport), 'NOT_SUPPORTED');
    expect(client.isConnected).toBe(false);
    expect(fake.connection.isOpen).toBe(false);
  });

  it('a handshake-era answer with a revision nobody knows is refused', async () => {
    const fake = await fakeServer(() => initializeResult('1999-01-01'));
    await expectLocalError(newClient('handshake').connect(fake.transport), 'NOT_SUPPORTED');
  });

  it('stateless never falls back to initialize', async () => {
    const server = demoServer({ revisions: HANDSHAKE_REVISIONS });
    const [clientSide, serverSide] = createInMemoryPair();
    await server.connect(serverSide);
    const error = await expectLocalError(newClient('stateless').connect(clientSide), 'NOT_SUPPORTED');
    expect(error.message).toMatch(/No common protocol revision/);
  });

  it('handshake against a stateless-only server surfaces the server error', async () => {
    const server = new McpServer({ name: 'stateless-only', version: '1', revisions: ['2026-07-28'] });
    const [clientSide, serverSide] = createInMemoryPair();
    await server.connect(serverSide);
    const error = await expectRpcError(newClient('handshake').connect(clientSide), -32602);
    expect(error.message).toContain('2026-07-28');
  });
});

describe('connect', () => {
  it('refuses a second connect while connected, and allows one after close', async () => {
    const server = demoServer();
    const { client } = await link(server);
    await expectLocalError(client.connect(createInMemoryPair()[0]), 'INVALID_ARGUMENT');
    await client.close();
    const [clientSide, serverSide] = createInMemoryPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    expect((await client.listTools()).tools.length).toBe(3);
    await client.close();
  });

  it('aborts the negotiation with the signal', async () => {
    const fake = await fakeServer(() => silence());
    const controller = new AbortController();
    const connecting = newClient('stateless').connect(fake.transport, { signal: controller.signal });
    controller.abort();
    await expectLocalError(connecting, 'CANCELLED');
    expect(fake.connection.isOpen).toBe(false);
  });

  it('reports onClose when the transport closes', async () => {
    const { client, session } = await link(demoServer());
    const closed: unknown[] = [];
    client.onClose((error) => closed.push(error));
    await session.close();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(closed).toHaveLength(1);
    expect(client.isConnected).toBe(false);
    await expectLocalError(client.listTools(), 'CONNECTION_CLOSED');
  });
});

describe('after negotiation', () => {
  it('retries once when a request is refused with -32022 that still lists its revision', async () => {
    let refusals = 0;
    const fake = await fakeServer((r) => {
      if (r.method === 'server/discover') return discoverResult({ tools: {} });
      if (refusals++ < 1) throw new RpcError(-32022, 'Unsupported', { supported: ['2026-07-28'], requested: '2026-07-28' });
      return complete({ tools: [] });
    });
    const client = newClient('stateless');
    await client.connect(fake.transport);
    expect(await client.listTools()).toMatchObject({ tools: [] });
    expect(fake.requests.filter((r) => r.method === 'tools/list')).toHaveLength(2);
    await client.close();
  });

  it('surfaces -32022 that does not list its revision', async () => {
    const fake = await fakeServer((r) => {
      if (r.method === 'server/discover') return discoverResult({ tools: {} });
      throw new RpcError(-32022, 'Unsupported', { supported: ['2027-01-01'], requested: '2026-07-28' });
    });
    const client = newClient('stateless');
    await client.connect(fake.transport);
    await expectRpcError(client.listTools(), -32022);
    await client.close();
  });

  it('sends methods outside the method table as given, with the stateless _meta', async () => {
    const fake = await fakeServer((r) => (r.method === 'server/discover' ? discoverResult({}) : { echoed: r.params['x'] }));
    const client = newClient('stateless');
    await client.connect(fake.transport);
    expect(await client.request('com.example/custom', { x: 1 })).toEqual({ echoed: 1 });
    expect(fake.requests[1]?.params['_meta']).toMatchObject({ [META_VERSION]: '2026-07-28' });
    await client.close();
  });
});
