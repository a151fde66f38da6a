// The stateless era's result cache (2026-07-28 server/utilities/caching.mdx):
// fresh for ttlMs, keyed by method + params without _meta, invalidated by
// list_changed / resources/updated and by an invalid cursor, never filled by
// MRTR retries, bypassed with { cache: false }.
import { describe, expect, it } from 'vitest';
import { McpClient } from '../../src/client/client.js';
import { RpcError } from '../../src/jsonrpc/rpcError.js';
import { McpServer } from '../../src/server/server.js';
import { expectRpcError, sleep, waitFor } from '../helpers.js';
import { complete, demoServer, discoverResult, fakeServer, link, type Received } from './harness.js';

function cachingServer(ttlMs = 60_000): { server: McpServer; counts: Map<string, number> } {
  const server = demoServer({ cache: { default: { ttlMs, scope: 'public' } } });
  const counts = new Map<string, number>();
  server.use((next) => (request, ctx) => {
    const key = request.method === 'resources/read' ? `read ${String(request.params['uri'])}` : request.method;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    return next(request, ctx);
  });
  return { server, counts };
}

describe('stateless era', () => {
  it('serves fresh results from the cache, per method and params', async () => {
    const { server, counts } = cachingServer();
    const linked = await link(server);
    const { client } = linked;
    const first = await client.listTools();
    expect(first.ttlMs).toBe(60_000);
    expect(await client.listTools()).toBe(first);
    // Only _meta differs: the same entry.
    expect(await client.listTools({ _meta: { 'com.example/trace': 'x' } })).toBe(first);
    expect(counts.get('tools/list')).toBe(1);
    await client.readResource({ uri: 'demo://items/1' });
    await client.readResource({ uri: 'demo://items/1' });
    await client.readResource({ uri: 'demo://items/2' });
    expect(counts.get('read demo://items/1')).toBe(1);
    expect(counts.get('read demo://items/2')).toBe(1);
    await client.discover();
    await client.discover();
    expect(counts.get('server/discover')).toBe(1);
  });

  it('does not cache results whose ttlMs is 0, and expires the others', async () => {
    const stale = cachingServer(0);
    let linked = await link(stale.server);
    await linked.client.listTools();
    await linked.client.listTools();
    expect(stale.counts.get('tools/list')).toBe(2);
    await linked.close();
    const brief = cachingServer(20);
    linked = await link(brief.server);
    await linked.client.listTools();
    await sleep(30);
    await linked.client.listTools();
    expect(brief.counts.get('tools/list')).toBe(2);
  });

  it('bypasses the cache with { cache: false }, and per client with cache: false', async () => {
    const { server, counts } = cachingServer();
    let linked = await link(server);
    await linked.client.listTools();
    await linked.client.listTools(undefined, { cache: false });
    expect(counts.get('tools/list')).toBe(2);
    await linked.close();
    const off = cachingServer();
    linked = await link(off.server, { cache: false });
    await linked.client.listTools();
    await linked.client.listTools();
    expect(off.counts.get('tools/list')).toBe(2);
  });

  it('drops a list when the server says it changed', async () => {
    const { server, counts } = cachingServer();
    const linked = await link(server);
    const { client } = linked;
    const seen: string[] = [];
    await client.subscribe({ toolsListChanged: true }, (n) => seen.push(n.method));
    await client.listAllTools();
    server.tool({ name: 'fresh' }, () => 'x');
    await waitFor(() => seen.length === 1);
    expect((await client.listAllTools()).map((t) => t.name)).toContain('fresh');
    expect(counts.get('tools/list')).toBe(2);
  });

  it('drops a read when the resource is updated', async () => {
    const { server, counts } = cachingServer();
    const linked = await link(server);
    const { client } = linked;
    const seen: string[] = [];
    await client.subscribe({ resources: ['demo://readme'] }, (n) => seen.push(n.method));
    await client.readResource({ uri: 'demo://readme' });
    await client.readResource({ uri: 'demo://readme' });
    server.notifyResourceUpdated('demo://readme');
    await waitFor(() => seen.length === 1);
    await client.readResource({ uri: 'demo://readme' });
    expect(counts.get('read demo://readme')).toBe(2);
  });

  it('never caches a result reached through input rounds', async () => {
    const server = new McpServer({ name: 'ask', version: '1', cache: { default: { ttlMs: 60_000 } } });
    let reads = 0;
    server.resource({ uri: 'ask://r', name: 'r' }, async (_uri, ctx) => {
      reads++;
      const r = await ctx.elicit({ message: 'ok?', requestedSchema: { type: 'object', properties: {} } });
      return r.action;
    });
    const linked = await link(server, { handlers: { elicitation: { form: () => ({ action: 'accept', content: {} }) } } });
    expect((await linked.client.readResource({ uri: 'ask://r' })).contents[0]).toMatchObject({ text: 'accept' });
    expect((await linked.client.readResource({ uri: 'ask://r' })).contents[0]).toMatchObject({ text: 'accept' });
    // Two rounds per read, two reads: nothing came from the cache.
    expect(reads).toBe(4);
  });

  it('drops every cached page of a list when a cursor turns out invalid', async () => {
    const calls: Received[] = [];
    let generation = 1;
    const fake = await fakeServer((r) => {
      if (r.method === 'server/discover') return discoverResult({ prompts: {} });
      calls.push(r);
      const cursor = r.params['cursor'];
      if (cursor !== undefined && cursor !== `g${String(generation)}`) throw RpcError.invalidParams('Invalid cursor');
      const cache = { ttlMs: 60_000, cacheScope: 'public' };
      return cursor === undefined
        ? complete({ prompts: [{ name: 'a' }], nextCursor: `g${String(generation)}`, ...cache })
        : complete({ prompts: [{ name: 'b' }], ...cache });
    });
    const client = new McpClient({ name: 'c', version: '1' });
    await client.connect(fake.transport);
    expect((await client.listAllPrompts()).map((p) => p.name)).toEqual(['a', 'b']);
    expect((await client.listAllPrompts()).map((p) => p.name)).toEqual(['a', 'b']);
    expect(calls).toHaveLength(2);
    generation = 2;
    await expectRpcError(client.listPrompts({ cursor: 'g1' }, { cache: false }), -32602);
    // The first page (cached with the old cursor) was dropped: the list is fetched anew.
    expect((await client.listAllPrompts()).map((p) => p.name)).toEqual(['a', 'b']);
    expect(calls.map((c) => c.params['cursor'])).toEqual([undefined, 'g1', 'g1', undefined, 'g2']);
    await client.close();
  });
});

describe('handshake era', () => {
  it('caches nothing (handshake results carry no ttlMs)', async () => {
    const { server, counts } = cachingServer();
    const linked = await link(server, { era: 'handshake' });
    await linked.client.listTools();
    await linked.client.listTools();
    expect(counts.get('tools/list')).toBe(2);
  });
});
