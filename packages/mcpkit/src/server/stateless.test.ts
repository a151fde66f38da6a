// The stateless era (2026-07-28): server/discover, the request _meta and its
// errors, methods the era removed, and what every result carries
// (resultType, serverInfo, cache hints).
import { describe, expect, it } from 'vitest';
import { meta2026, META_2026, rawPeer, type RawPeer } from '../../test/rawClient.js';
import type { ServerOptions } from './options.js';
import { McpServer } from './server.js';

const SERVER_INFO = { name: 'stateless-test', version: '3.1.0' };

/** A server with one of everything. */
function fullServer(options: Partial<ServerOptions> = {}): McpServer {
  const server = new McpServer({ ...SERVER_INFO, ...options });
  server.tool({ name: 't' }, () => 'tool result');
  server.tool(
    { name: 'ask' },
    async (_args, ctx) => (await ctx.elicit({ message: 'ok?', requestedSchema: { type: 'object', properties: {} } })).action,
  );
  server.resource({ uri: 'mem://a', name: 'a' }, () => 'A');
  server.resourceTemplate({ uriTemplate: 'mem://items/{id}', name: 'item' }, (_uri, { id }) => id);
  server.prompt({ name: 'p' }, () => 'prompt');
  return server;
}

function request(
  peer: RawPeer,
  method: string,
  params: Record<string, unknown> = {},
  meta: Record<string, unknown> = meta2026(),
): Promise<unknown> {
  return peer.request(method, { _meta: meta, ...params });
}

/** Every method a 2026-07-28 client may call, with valid params, against {@link fullServer}. */
const METHODS: readonly [string, Record<string, unknown>][] = [
  ['server/discover', {}],
  ['tools/list', {}],
  ['tools/call', { name: 't' }],
  ['prompts/list', {}],
  ['prompts/get', { name: 'p' }],
  ['resources/list', {}],
  ['resources/templates/list', {}],
  ['resources/read', { uri: 'mem://a' }],
  ['completion/complete', { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'x', value: '' } }],
];

const CACHEABLE = [
  'server/discover',
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
];

describe('server/discover', () => {
  it('answers versions, capabilities, resultType, serverInfo and cache hints', async () => {
    const result = await request(await rawPeer(fullServer()), 'server/discover');
    expect(result).toEqual({
      supportedVersions: ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'],
      capabilities: {
        logging: {},
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
        prompts: { listChanged: true },
        completions: {},
      },
      resultType: 'complete',
      _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO },
      ttlMs: 0,
      cacheScope: 'private',
    });
  });

  it('includes the instructions', async () => {
    const result = await request(await rawPeer(fullServer({ instructions: 'Be nice.' })), 'server/discover');
    expect(result).toMatchObject({ instructions: 'Be nice.' });
  });

  it('lists the revisions the server is configured for, as -32022 does', async () => {
    const result = (await request(await rawPeer(fullServer({ revisions: ['2025-11-25', '2026-07-28'] })), 'server/discover')) as {
      supportedVersions: string[];
    };
    expect(result.supportedVersions).toEqual(['2025-11-25', '2026-07-28']);
  });
});

describe('the request _meta', () => {
  it('must carry clientCapabilities (-32602)', async () => {
    const { 'io.modelcontextprotocol/clientCapabilities': _caps, ...meta } = META_2026;
    await expect(request(await rawPeer(fullServer()), 'tools/list', {}, meta)).rejects.toMatchObject({
      code: -32602,
      message: 'Missing _meta["io.modelcontextprotocol/clientCapabilities"]',
    });
  });

  it('must carry clientCapabilities as an object (-32602)', async () => {
    await expect(
      request(
        await rawPeer(fullServer()),
        'tools/list',
        {},
        { ...META_2026, 'io.modelcontextprotocol/clientCapabilities': 'all' },
      ),
    ).rejects.toMatchObject({
      code: -32602,
    });
  });

  it.each([
    ['a string', 'raw'],
    ['no version', { name: 'raw' }],
    ['a numeric name', { name: 1, version: '1' }],
  ])('refuses a clientInfo that is %s (-32602)', async (_what, info) => {
    await expect(
      request(await rawPeer(fullServer()), 'tools/list', {}, { ...META_2026, 'io.modelcontextprotocol/clientInfo': info }),
    ).rejects.toMatchObject({
      code: -32602,
    });
  });

  it('accepts a request without clientInfo (recommended, not required)', async () => {
    const { 'io.modelcontextprotocol/clientInfo': _info, ...meta } = META_2026;
    expect(await request(await rawPeer(fullServer()), 'tools/list', {}, meta)).toMatchObject({ resultType: 'complete' });
  });

  it.each(['verbose', 3, null])('refuses the logLevel %j (-32602)', async (level) => {
    await expect(
      request(await rawPeer(fullServer()), 'tools/list', {}, meta2026({}, { 'io.modelcontextprotocol/logLevel': level })),
    ).rejects.toMatchObject({
      code: -32602,
    });
  });

  it.each(['2099-01-01', '2025-11-25', 7])(
    'refuses the protocol version %j with -32022, naming every supported revision',
    async (version) => {
      await expect(
        request(
          await rawPeer(fullServer()),
          'tools/list',
          {},
          { ...META_2026, 'io.modelcontextprotocol/protocolVersion': version },
        ),
      ).rejects.toMatchObject({
        code: -32022,
        data: { supported: ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'], requested: version },
      });
    },
  );

  it('refuses 2026-07-28 with -32022 on a server configured without it, naming its handshake revisions', async () => {
    const server = fullServer({ revisions: ['2025-06-18', '2025-11-25'] });
    await expect(request(await rawPeer(server), 'tools/list')).rejects.toMatchObject({
      code: -32022,
      data: { supported: ['2025-06-18', '2025-11-25'], requested: '2026-07-28' },
    });
  });
});

describe('methods the stateless era removed', () => {
  it.each([
    ['initialize', { protocolVersion: '2026-07-28', capabilities: {}, clientInfo: { name: 'x', version: '1' } }],
    ['ping', {}],
    ['logging/setLevel', { level: 'info' }],
    ['resources/subscribe', { uri: 'mem://a' }],
    ['resources/unsubscribe', { uri: 'mem://a' }],
  ])('answers %s with -32601', async (method, params) => {
    await expect(request(await rawPeer(fullServer()), method, params)).rejects.toMatchObject({ code: -32601 });
  });
});

describe('every result', () => {
  it.each(METHODS)('of %s carries resultType complete and serverInfo in _meta', async (method, params) => {
    const result = (await request(await rawPeer(fullServer()), method, params)) as Record<string, unknown>;
    expect(result['resultType']).toBe('complete');
    expect(result['_meta']).toEqual({ 'io.modelcontextprotocol/serverInfo': SERVER_INFO });
  });

  it('keeps the _meta a handler put on its result', async () => {
    const server = fullServer();
    server.tool({ name: 'meta' }, () => ({ content: [], _meta: { 'example.com/trace': 'x' } }));
    expect(await request(await rawPeer(server), 'tools/call', { name: 'meta' })).toMatchObject({
      _meta: { 'example.com/trace': 'x', 'io.modelcontextprotocol/serverInfo': SERVER_INFO },
    });
  });
});

describe('cache hints', () => {
  it.each(CACHEABLE)('are on the complete result of %s (default: ttlMs 0, private)', async (method) => {
    const params = METHODS.find(([m]) => m === method)?.[1] ?? {};
    expect(await request(await rawPeer(fullServer()), method, params)).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
  });

  it.each(METHODS.filter(([m]) => !CACHEABLE.includes(m)))('are not on the result of %s', async (method, params) => {
    const result = await request(await rawPeer(fullServer()), method, params);
    expect(result).not.toHaveProperty('ttlMs');
    expect(result).not.toHaveProperty('cacheScope');
  });

  it('are not on an input_required result', async () => {
    const server = fullServer();
    server.resourceTemplate({ uriTemplate: 'ask://{q}', name: 'ask' }, async (_uri, _vars, ctx) =>
      (await ctx.listRoots()).roots.length.toString(),
    );
    const result = await request(await rawPeer(server), 'resources/read', { uri: 'ask://x' }, meta2026({ roots: {} }));
    expect(result).toMatchObject({ resultType: 'input_required' });
    expect(result).not.toHaveProperty('ttlMs');
    expect(result).not.toHaveProperty('cacheScope');
  });

  it('come from the cache option, per method, with a default for the rest', async () => {
    const server = fullServer({ cache: { default: { ttlMs: 1000 }, 'tools/list': { ttlMs: 60_000, scope: 'public' } } });
    const peer = await rawPeer(server);
    expect(await request(peer, 'tools/list')).toMatchObject({ ttlMs: 60_000, cacheScope: 'public' });
    expect(await request(peer, 'prompts/list')).toMatchObject({ ttlMs: 1000, cacheScope: 'private' });
  });

  it('of a resource override the server’s for resources/read', async () => {
    const server = fullServer({ cache: { 'resources/read': { ttlMs: 5 } } });
    server.resource({ uri: 'mem://fresh', name: 'fresh', cache: { ttlMs: 99, scope: 'public' } }, () => 'F');
    const peer = await rawPeer(server);
    expect(await request(peer, 'resources/read', { uri: 'mem://fresh' })).toMatchObject({ ttlMs: 99, cacheScope: 'public' });
    expect(await request(peer, 'resources/read', { uri: 'mem://a' })).toMatchObject({ ttlMs: 5, cacheScope: 'private' });
  });

  it('are the same on every page of a list', async () => {
    const server = fullServer({ pageSize: 1, cache: { 'tools/list': { ttlMs: 10, scope: 'public' } } });
    const peer = await rawPeer(server);
    const first = (await request(peer, 'tools/list')) as { nextCursor: string };
    const second = await request(peer, 'tools/list', { cursor: first.nextCursor });
    expect(first).toMatchObject({ ttlMs: 10, cacheScope: 'public' });
    expect(second).toMatchObject({ ttlMs: 10, cacheScope: 'public' });
  });
});

describe('capability gating', () => {
  it('answers a method whose capability the server does not offer with -32601', async () => {
    const server = new McpServer(SERVER_INFO);
    server.tool({ name: 't' }, () => '');
    await expect(request(await rawPeer(server), 'prompts/list')).rejects.toMatchObject({ code: -32601 });
  });

  it('does not rely on capabilities from an earlier request', async () => {
    const peer = await rawPeer(fullServer());
    expect(await request(peer, 'tools/call', { name: 'ask' }, meta2026({ elicitation: {} }))).toMatchObject({
      resultType: 'input_required',
    });
    await expect(request(peer, 'tools/call', { name: 'ask' }, meta2026({}))).rejects.toMatchObject({ code: -32021 });
  });
});
