/**
 * The shared-store contract (`storeContract.ts`) against the Redis store, on a
 * redis-server of the test's own: two processes' stores under one prefix, a
 * fresh prefix per case.
 */
import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import { redisStore, type RedisStore } from '../../src/scaleout/redis/index.js';
import { HAVE_REDIS, RedisServer } from './cluster.js';
import { storeContract } from './storeContract.js';

if (!HAVE_REDIS) console.warn('Redis store contract skipped: redis-server is not installed (apt-get install -y redis-server)');

describe.skipIf(!HAVE_REDIS)('the Redis shared store keeps the store contract', () => {
  let redis: RedisServer;
  let opened: RedisStore[] = [];
  let prefixes = 0;
  beforeAll(async () => {
    redis = await RedisServer.start();
  });
  afterEach(async () => {
    for (const store of opened) await store.close();
    opened = [];
  });
  afterAll(async () => {
    await redis.stop();
  });

  storeContract(async () => {
    const prefix = `contract${String(++prefixes)}:`;
    const a = redisStore({ url: redis.url, prefix, heartbeatMs: 200 });
    const b = redisStore({ url: redis.url, prefix, heartbeatMs: 200 });
    opened.push(a, b);
    await Promise.all([a.ready(), b.ready()]);
    return { a, b };
  });
});
