/**
 * The scale-out tests' set-up, as vitest hooks: Redis for a file's tests,
 * a cluster (processes sharing it behind the round-robin proxy) for a file
 * or for one test, and what to undo after each test. Call them inside the
 * `describe.skipIf(!HAVE_REDIS)` block, so that they are skipped with it.
 *
 * @module
 */
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { RedisServer, roundRobin, startBackend, stopBackend, type Backend, type Proxy } from './cluster.js';

/** Registers work to undo after the current test. */
export type Defer = (cleanup: () => Promise<unknown>) => void;

/**
 * Work to undo after each test, most recent first. A cleanup that fails is
 * ignored: it must not hide the test's own outcome.
 */
export function cleanupAfterEach(): Defer {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  });
  return (cleanup) => {
    cleanups.push(cleanup);
  };
}

/** `size` processes of the fixture server on `redisUrl` and the proxy in front of them, undone through `defer`. */
export async function startCluster(
  redisUrl: string,
  defer: Defer,
  { size = 3, extra = [] }: { readonly size?: number; readonly extra?: readonly string[] } = {},
): Promise<{ backends: Backend[]; proxy: Proxy }> {
  const backends = await Promise.all(Array.from({ length: size }, () => startBackend(redisUrl, extra)));
  for (const b of backends) defer(() => stopBackend(b, 'SIGTERM'));
  const proxy = await roundRobin(backends);
  defer(() => proxy.close());
  return { backends, proxy };
}

function started<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is read before beforeAll started it`);
  return value;
}

/** A Redis server for the file's tests, and a client to look at its keys. */
export function useRedis(): { readonly redis: RedisServer; readonly keys: Redis } {
  let redis: RedisServer | undefined;
  let keys: Redis | undefined;
  beforeAll(async () => {
    redis = await RedisServer.start();
    keys = new Redis(redis.url);
  }, 60_000);
  afterAll(async () => {
    keys?.disconnect();
    await redis?.stop();
  }, 60_000);
  return {
    get redis() {
      return started(redis, 'redis');
    },
    get keys() {
      return started(keys, 'keys');
    },
  };
}

/** Redis, `size` processes sharing it and the round-robin proxy, for all of the file's tests. */
export function useCluster(size = 3): { readonly redis: RedisServer; readonly backends: Backend[]; readonly proxy: Proxy } {
  const bed = useRedis();
  let cluster: { backends: Backend[]; proxy: Proxy } | undefined;
  const undo: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    cluster = await startCluster(bed.redis.url, (cleanup) => undo.push(cleanup), { size });
  }, 60_000);
  // Registered after useRedis's: vitest runs it first, so the processes stop before Redis does.
  afterAll(async () => {
    for (const cleanup of undo.splice(0).reverse()) await cleanup().catch(() => undefined);
  }, 60_000);
  return {
    get redis() {
      return bed.redis;
    },
    get backends() {
      return started(cluster, 'the cluster').backends;
    },
    get proxy() {
      return started(cluster, 'the cluster').proxy;
    },
  };
}
