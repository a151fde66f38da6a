/**
 * Scale-out on Redis, end to end: three processes of one server share a Redis
 * of the test's own, behind a round-robin proxy with no stickiness. mcpkit's
 * client runs the handshake era through it (sessions, elicitation answered at
 * another process, progress, resumption after a SIGKILL) and the stateless
 * era; then the faults: Redis restarted, Redis unreachable, abandoned
 * sessions expiring without leaving keys, events kept while no stream is open.
 */
import { describe, expect, it } from 'vitest';
import { McpClient } from '../../src/client/index.js';
import { redisStore } from '../../src/scaleout/redis/index.js';
import { nodeHttpTransport } from '../../src/node/http/client/nodeHttpTransport.js';
import { RawSession } from './rawSession.js';
import { freePort, HAVE_REDIS, RedisServer, stopBackend, type Backend, type Proxy } from './cluster.js';
import { cleanupAfterEach, startCluster, useRedis } from './testBed.js';

if (!HAVE_REDIS) console.warn('scale-out tests skipped: redis-server is not installed (apt-get install -y redis-server)');

const text = (result: { readonly content: readonly unknown[] }): string => (result.content[0] as { text: string }).text;
const defer = cleanupAfterEach();

/** Three (or `size`) processes on `redis` behind the proxy, stopped after the test. */
const cluster = (redis: RedisServer, size = 3, extra: readonly string[] = []): Promise<{ backends: Backend[]; proxy: Proxy }> =>
  startCluster(redis.url, defer, { size, extra });

async function mcpClient(url: string, era: 'handshake' | 'stateless' = 'handshake'): Promise<McpClient> {
  const client = new McpClient({
    name: 'scale-out',
    version: '1.0.0',
    era,
    handlers: { elicitation: { form: () => ({ action: 'accept', content: { name: 'Ada' } }) } },
  });
  await client.connect(nodeHttpTransport(url, { reconnect: { initialDelayMs: 50, maxDelayMs: 200 } }));
  defer(() => client.close());
  return client;
}

describe.skipIf(!HAVE_REDIS)('scale-out on Redis', () => {
  const bed = useRedis();

  it('serves one handshake session from three processes, elicitation answered wherever it lands', async () => {
    const { proxy } = await cluster(bed.redis);
    const client = await mcpClient(proxy.url);
    const pids = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const reply = text(await client.callTool({ name: 'echo', arguments: { text: `n${i}` } }));
      expect(reply).toMatch(new RegExp(`^echo: n${i} \\(pid \\d+\\)$`));
      pids.add(reply.replace(/.*pid /, ''));
    }
    expect(pids.size).toBe(3);
    for (let i = 0; i < 3; i++) expect(text(await client.callTool({ name: 'elicit', arguments: {} }))).toMatch(/^hello Ada/);
    const seen: number[] = [];
    const done = await client.callTool(
      { name: 'progress', arguments: { steps: 5 } },
      {
        onProgress: (p) => {
          seen.push(p.progress);
        },
      },
    );
    expect([text(done), seen]).toEqual(['done 5', [1, 2, 3, 4, 5]]);
    expect(proxy.hits.every((n) => n > 3)).toBe(true);
  });

  it('serves the stateless era through the same proxy', async () => {
    const { proxy } = await cluster(bed.redis);
    const client = await mcpClient(proxy.url, 'stateless');
    expect(client.revision).toBe('2026-07-28');
    for (let i = 0; i < 3; i++)
      expect(text(await client.callTool({ name: 'echo', arguments: { text: 'x' } }))).toMatch(/^echo: x/);
    expect(text(await client.callTool({ name: 'elicit', arguments: {} }))).toMatch(/^hello Ada/);
  });

  it('a process killed mid-stream: the client resumes through another, every event once and in order, then a clear error', async () => {
    const { backends, proxy } = await cluster(bed.redis);
    const client = await mcpClient(proxy.url);
    const seen: number[] = [];
    let victim: number | undefined;
    const call = client.callTool(
      { name: 'progress', arguments: { steps: 100, delayMs: 60 } },
      {
        onProgress: (p) => {
          seen.push(p.progress);
          victim ??= Number(p.message?.replace('pid ', ''));
        },
      },
    );
    const outcome = call.then(
      () => 'answered',
      (error: unknown) => (error as Error).message,
    );
    await expect.poll(() => seen.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(5);
    const backend = backends.find((b) => b.pid === victim);
    expect(backend).toBeDefined();
    await stopBackend(backend as Backend, 'SIGKILL');
    expect(await outcome).toMatch(/stopped before answering/);
    expect(seen.length).toBeGreaterThanOrEqual(5);
    expect(seen).toEqual(Array.from({ length: seen.length }, (_, i) => i + 1));
    // The session goes on through the survivors.
    expect(text(await client.callTool({ name: 'echo', arguments: { text: 'after' } }))).toMatch(/^echo: after/);
  });

  it('events produced while no stream of the session is open are kept and replayed on resumption', async () => {
    const { proxy } = await cluster(bed.redis);
    const session = await RawSession.open(proxy.url);
    await session.request('resources/subscribe', { uri: 'test://watched' });
    const first = await session.stream();
    expect(first.status).toBe(200);
    await session.request('tools/call', { name: 'touch', arguments: { uri: 'test://watched' } });
    const one = await first.reader?.next();
    expect(one?.message).toMatchObject({ method: 'notifications/resources/updated', params: { uri: 'test://watched' } });
    await first.reader?.cancel();
    const touchedBy: unknown[] = [];
    for (let i = 0; i < 3; i++)
      touchedBy.push((await session.request('tools/call', { name: 'touch', arguments: { uri: 'test://watched' } }))[0]);
    const resumed = await session.stream(one?.id);
    expect(resumed.status).toBe(200);
    const ids: (string | undefined)[] = [];
    for (let i = 0; i < 3; i++) {
      const e = await resumed.reader?.next();
      expect(e?.message).toMatchObject({ method: 'notifications/resources/updated' });
      ids.push(e?.id);
    }
    await resumed.reader?.cancel();
    expect(ids).toEqual(['0_2', '0_3', '0_4']);
    expect(one?.id).toBe('0_1');
    await session.close();
  });

  it('Redis restarted: a request in flight fails with a clear error, never hangs; new sessions work afterwards', async () => {
    const own = await RedisServer.start();
    defer(() => own.stop());
    const { proxy } = await cluster(own);
    const client = await mcpClient(proxy.url);
    expect(text(await client.callTool({ name: 'echo', arguments: { text: 'before' } }))).toMatch(/^echo: before/);
    const inFlight = client.callTool({ name: 'slow', arguments: { ms: 5000 } }).then(
      () => 'answered',
      (error: unknown) => `${(error as Error).message}: ${String(((error as Error).cause as Error | undefined)?.message)}`,
    );
    await new Promise((r) => setTimeout(r, 300));
    await own.stop();
    expect(await inFlight).toMatch(/503|cannot be reached/);
    await own.restart();
    await expect
      .poll(
        async () =>
          mcpClient(proxy.url).then(
            async (c) => text(await c.callTool({ name: 'echo', arguments: { text: 'after' } })),
            () => 'not yet',
          ),
        { timeout: 15_000, interval: 300 },
      )
      .toMatch(/^echo: after/);
  });

  it('Redis unreachable: 503 for what needs shared state, stateless requests still served', async () => {
    const nowhere = `redis://127.0.0.1:${String(await freePort())}`;
    const { proxy } = await startCluster(nowhere, defer, { size: 2 });
    const stateless = await mcpClient(proxy.url, 'stateless');
    for (let i = 0; i < 4; i++)
      expect(text(await stateless.callTool({ name: 'echo', arguments: { text: 's' } }))).toMatch(/^echo: s/);
    const response = await fetch(proxy.url, {
      method: 'POST',
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      }),
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: { message: expect.stringMatching(/cannot be reached/) as unknown } });
    const unknown = await fetch(proxy.url, {
      method: 'POST',
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', 'mcp-session-id': 'abc' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
    });
    expect(unknown.status).toBe(503);
  });

  it('a process started before Redis waits for its first connection; once connected, an outage fails at once', async () => {
    const port = await freePort();
    const store = redisStore({ url: `redis://127.0.0.1:${String(port)}`, connectTimeoutMs: 10_000 });
    defer(() => store.close());
    // Served before the connection exists: waits for it instead of failing (a 503 on a process's first requests).
    const early = store.sessions.save('early', { snapshot: { protocolVersion: '2025-11-25' } as never });
    await new Promise((r) => setTimeout(r, 200));
    const own = await RedisServer.start(port);
    defer(() => own.stop());
    await early;
    expect(await store.sessions.load('early')).toMatchObject({ snapshot: { protocolVersion: '2025-11-25' } });
    await own.stop();
    const started = Date.now();
    await expect(store.sessions.load('early')).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5000); // not the 10 s connect timeout
  });

  it('1,000 abandoned sessions expire and leave no keys; every key has an expiry', async () => {
    const { proxy } = await cluster(bed.redis, 3, ['--ttl', '4000', '--prefix', 'ttl:']);
    const ids = new Set<string>();
    // Some with events kept and a subscription (state saved again), then the rest; none is closed.
    for (let i = 0; i < 20; i++) {
      const s = await RawSession.open(proxy.url);
      ids.add(s.id);
      await s.request('tools/call', { name: 'progress', arguments: { steps: 2 } });
      await s.request('resources/subscribe', { uri: 'test://watched' });
    }
    let live = 0;
    while (ids.size < 1000) {
      for (const s of await Promise.all(Array.from({ length: 49 }, () => RawSession.open(proxy.url)))) ids.add(s.id);
      // Every key has an expiry, sampled while sessions are being opened (a loaded machine takes longer than their lifetime).
      const kept = await bed.keys.keys('ttl:*');
      live = Math.max(live, kept.filter((k) => k.startsWith('ttl:s:')).length);
      const ttls = await Promise.all(kept.map((k) => bed.keys.pttl(k)));
      // -1: no expiry (0 is a key at its expiry, -2 one already gone).
      expect(kept.filter((_, i) => ttls[i] === -1)).toEqual([]);
    }
    expect(ids.size).toBe(1000);
    expect(live).toBeGreaterThan(40);
    await expect
      .poll(async () => (await bed.keys.keys('ttl:*')).filter((k) => !k.startsWith('ttl:n:')), { timeout: 15_000, interval: 500 })
      .toEqual([]);
  }, 90_000);
});
