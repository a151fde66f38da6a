/**
 * The Redis task store against a real redis-server of the test's own: what
 * every process reads and writes (create, get, update, list), the terminal
 * rule under concurrent writers, the owner bound, and expiry: every key has
 * one, and nothing is left once the tasks have expired.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RpcError } from '../../src/jsonrpc/rpcError.js';
import { redisStore, type RedisStore } from '../../src/scaleout/redis/index.js';
import type { TaskRecord, TaskStore } from '../../src/server/index.js';
import { HAVE_REDIS, RedisServer } from './cluster.js';

if (!HAVE_REDIS) console.warn('Redis task store tests skipped: redis-server is not installed (apt-get install -y redis-server)');

let counter = 0;
function task(owner: string, ttlMs = 60_000, createdAt = Date.now()): TaskRecord {
  counter++;
  return {
    taskId: `t${String(counter)}-${String(createdAt)}`,
    owner,
    flavor: 'core',
    status: 'working',
    createdAt,
    lastUpdatedAt: createdAt,
    ttlMs,
    pollIntervalMs: 1000,
    node: 'n1',
  };
}

describe.skipIf(!HAVE_REDIS)('the Redis task store', () => {
  let redis: RedisServer;
  let keys: Redis;
  const stores: RedisStore[] = [];
  const open = async (prefix: string, maxTasksPerOwner?: number): Promise<TaskStore> => {
    const store = redisStore({
      url: redis.url,
      prefix,
      ...(maxTasksPerOwner !== undefined && { maxTasksPerOwner }),
    });
    stores.push(store);
    await store.ready();
    return store.tasks as TaskStore;
  };
  beforeAll(async () => {
    redis = await RedisServer.start();
    keys = new Redis(redis.url);
  });
  afterAll(async () => {
    for (const store of stores) await store.close();
    keys.disconnect();
    await redis.stop();
  });

  it('shares records between processes: create, get, update, list by owner, oldest first', async () => {
    const a = await open('rt1:');
    const b = await open('rt1:');
    const first = task('p:ada', 60_000, Date.now() - 10);
    const second = task('p:ada');
    const other = task('p:bo');
    await a.create(second);
    await b.create(first);
    await a.create(other);
    expect(await b.get(second.taskId)).toEqual(second);
    expect(await a.get('nope')).toBeUndefined();
    const updated = await b.update(second.taskId, {
      status: 'input_required',
      inputRequests: { k: { method: 'elicitation/create', params: {} } } as never,
      lastUpdatedAt: second.createdAt + 5,
    });
    expect(updated).toMatchObject({ status: 'input_required', lastUpdatedAt: second.createdAt + 5, node: 'n1' });
    expect(await a.get(second.taskId)).toEqual(updated);
    // An undefined field removes it.
    expect(await a.update(second.taskId, { status: 'working', inputRequests: undefined, lastUpdatedAt: 1 })).not.toHaveProperty(
      'inputRequests',
    );
    expect((await b.list('p:ada')).map((r) => r.taskId)).toEqual([first.taskId, second.taskId]);
    expect((await a.list('p:bo')).map((r) => r.taskId)).toEqual([other.taskId]);
    expect(await a.list('p:nobody')).toEqual([]);
    expect(await a.update('nope', { status: 'failed', lastUpdatedAt: 1 })).toBeUndefined();
    await expect(a.create(first)).rejects.toThrow(/already exists/);
  });

  it('never changes a terminal record: of racing outcomes from several processes exactly one wins', async () => {
    const stores = await Promise.all([open('rt2:'), open('rt2:'), open('rt2:')]);
    for (let round = 0; round < 10; round++) {
      const record = task('p:race');
      await stores[0].create(record);
      const writes = stores.flatMap((s, i) => [
        s.update(record.taskId, { status: 'input_required', lastUpdatedAt: i }),
        s.update(record.taskId, { status: i === 0 ? 'cancelled' : 'completed', result: { i }, lastUpdatedAt: 10 + i }),
        s.update(record.taskId, { status: 'working', lastUpdatedAt: 20 + i }),
      ]);
      await Promise.all(writes);
      const final = (await stores[1].get(record.taskId)) as TaskRecord;
      expect(['cancelled', 'completed']).toContain(final.status);
      // Whatever any process writes afterwards, the outcome stays.
      expect(await stores[2].update(record.taskId, { status: 'failed', lastUpdatedAt: 99 })).toEqual(final);
      expect(await stores[0].get(record.taskId)).toEqual(final);
    }
  });

  it('refuses a task beyond the owner bound with -32603, others unaffected', async () => {
    const store = await open('rt3:', 3);
    for (let i = 0; i < 3; i++) await store.create(task('p:busy'));
    const error = await store.create(task('p:busy')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect((error as RpcError).code).toBe(-32603);
    await store.create(task('p:calm'));
    expect(await store.list('p:busy')).toHaveLength(3);
  });

  it('expires every task with its TTL: every key has an expiry, none is left afterwards', async () => {
    const store = await open('rt4:');
    const records = [task('p:x', 600), task('p:x', 900), task('p:y', 700), task('', 800)];
    for (const r of records) await store.create(r);
    await store.update((records[0] as TaskRecord).taskId, { status: 'completed', result: { ok: true }, lastUpdatedAt: 1 });
    const kept = await keys.keys('rt4:*');
    expect(kept.filter((k) => !k.startsWith('rt4:n:'))).toHaveLength(7);
    const ttls = await Promise.all(kept.map((k) => keys.pttl(k)));
    expect(kept.filter((_, i) => (ttls[i] ?? -1) <= 0)).toEqual([]);
    // The owner's index lives as long as its longest task.
    expect(await keys.pttl('rt4:to:p:x')).toBeGreaterThan(600);
    await expect
      .poll(async () => (await keys.keys('rt4:*')).filter((k) => !k.startsWith('rt4:n:')), { timeout: 10_000, interval: 200 })
      .toEqual([]);
    expect(await store.get((records[1] as TaskRecord).taskId)).toBeUndefined();
    expect(await store.list('p:x')).toEqual([]);
  });

  it('fails at once, not hanging, while Redis is unreachable', async () => {
    const store = redisStore({ url: 'redis://127.0.0.1:1', connectTimeoutMs: 300 });
    stores.push(store);
    await expect((store.tasks as TaskStore).get('x')).rejects.toThrow(/no answer within 300 ms|ECONNREFUSED|Connection/i);
  });
});
