/**
 * Scale-out on Redis, end to end: three processes of one server share a Redis
 * of the test's own, behind a round-robin proxy with no stickiness. mcpkit's
 * client runs the handshake era through it (sessions, elicitation answered at
 * another process, progress, resumption after a SIGKILL) and the stateless
 * era; then the faults: Redis restarted, Redis unreachable, abandoned
 * sessions expiring without leaving keys, events kept while no stream is open.
 */
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { McpClient } from '../../src/client/index.js';
import { connectHttp } from '../../src/node/http/client/connect.js';
import { HAVE_REDIS, RedisServer, roundRobin, startBackend, stopBackend, type Backend, type Proxy } from './cluster.js';

if (!HAVE_REDIS) console.warn('scale-out tests skipped: redis-server is not installed (apt-get install -y redis-server)');

const text = (result: { readonly content: readonly unknown[] }): string => (result.content[0] as { text: string }).text;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function cluster(
  redis: RedisServer,
  size = 3,
  extra: readonly string[] = [],
): Promise<{ backends: Backend[]; proxy: Proxy }> {
  const backends = await Promise.all(Array.from({ length: size }, () => startBackend(redis.url, extra)));
  for (const b of backends) cleanups.push(() => stopBackend(b, 'SIGTERM'));
  const proxy = await roundRobin(backends);
  cleanups.push(() => proxy.close());
  return { backends, proxy };
}

async function mcpClient(url: string, era: 'handshake' | 'stateless' = 'handshake'): Promise<McpClient> {
  const client = new McpClient({
    name: 'scale-out',
    version: '1.0.0',
    era,
    handlers: { elicitation: { form: () => ({ action: 'accept', content: { name: 'Ada' } }) } },
  });
  await client.connect(connectHttp(url, { reconnect: { initialDelayMs: 50, maxDelayMs: 200 } }));
  cleanups.push(() => client.close());
  return client;
}

describe.skipIf(!HAVE_REDIS)('scale-out on Redis', () => {
  let redis: RedisServer;
  let keys: Redis;
  beforeAll(async () => {
    redis = await RedisServer.start();
    keys = new Redis(redis.url);
  });
  afterAll(async () => {
    keys.disconnect();
    await redis.stop();
  });

  it('serves one handshake session from three processes, elicitation answered wherever it lands', async () => {
    const { proxy } = await cluster(redis);
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
    const { proxy } = await cluster(redis);
    const client = await mcpClient(proxy.url, 'stateless');
    expect(client.revision).toBe('2026-07-28');
    for (let i = 0; i < 3; i++)
      expect(text(await client.callTool({ name: 'echo', arguments: { text: 'x' } }))).toMatch(/^echo: x/);
    expect(text(await client.callTool({ name: 'elicit', arguments: {} }))).toMatch(/^hello Ada/);
  });
});
