/**
 * The shared stores on Redis (7 or later) or Valkey: what lets several
 * processes serve one MCP endpoint. One file per part: sessions are JSON
 * strings with an idle lifetime (`redisSessions.ts`), events are Redis
 * Streams bounded by length and age (`redisEvents.ts`), the bus is pub/sub
 * (`redisBus.ts`), leases and fan-out are atomic scripts (`redisLeases.ts`,
 * `redisFanout.ts`), tasks are compare-and-set records (`redisTasks.ts`), and
 * each process renews a liveness key while it runs (`redisConnection.ts`).
 * Every key has an expiry. This file puts them together.
 *
 * @module
 */
import type { SharedStore } from '../index.js';
import { RedisBus } from './redisBus.js';
import { RedisConnection, type RedisClientOptions } from './redisConnection.js';
import { RedisEvents, type EventBounds } from './redisEvents.js';
import { RedisFanout } from './redisFanout.js';
import { RedisKeys } from './redisKeys.js';
import { RedisLeases } from './redisLeases.js';
import { sharedSecret } from './redisSecret.js';
import { RedisSessions } from './redisSessions.js';
import { redisTaskStore } from './redisTasks.js';

export type { RedisClientOptions };

/** Options of {@link redisStore}. */
export interface RedisStoreOptions {
  /** `redis://[user:password@]host:port[/db]` (default `redis://127.0.0.1:6379`). */
  readonly url?: string;
  /** The prefix of every key and channel (default `mcpkit:`); processes serving one endpoint share it. */
  readonly prefix?: string;
  /** How long an idle session lives, in ms (default 30 minutes). */
  readonly sessionTtlMs?: number;
  /** Events kept per stream, about (default 1000). */
  readonly maxEventsPerStream?: number;
  /** How long an event is kept, in ms (default: the session lifetime). */
  readonly eventTtlMs?: number;
  /** How often this process renews its liveness, in ms (default 1000); it is presumed dead after three periods. */
  readonly heartbeatMs?: number;
  /** How long to wait for Redis to connect or a subscription to take, in ms (default 2000). */
  readonly connectTimeoutMs?: number;
  /** The most live tasks one owner (principal or session) may have stored (default 10 000). */
  readonly maxTasksPerOwner?: number;
  /** More options for the ioredis clients. */
  readonly redis?: RedisClientOptions;
}

/** A {@link SharedStore} on Redis, with a way to wait until it is connected. */
export interface RedisStore extends SharedStore {
  /** Resolves once connected (rejects if Redis cannot be reached within the connect timeout). */
  ready(): Promise<void>;
  /**
   * The secret every process behind this Redis shares (for the server's
   * `secret`: `requestState` and pagination cursors then verify on any
   * process). The first process to ask creates it, 32 random bytes in hex,
   * with SET NX and no expiry, so it survives every process restart; delete
   * the key (`<prefix>secret`) to rotate it. Rejects if Redis cannot be reached.
   */
  sharedSecret(): Promise<string>;
}

/** A store on Redis for one process: `serveHttp(server, { store: redisStore({ url }) })`. */
export function redisStore(options: RedisStoreOptions = {}): RedisStore {
  const prefix = options.prefix ?? 'mcpkit:';
  const sessionTtlMs = options.sessionTtlMs ?? 30 * 60_000;
  const bounds: EventBounds = { maxLen: options.maxEventsPerStream ?? 1000, ttlMs: options.eventTtlMs ?? sessionTtlMs };
  const connection = new RedisConnection({
    url: options.url ?? 'redis://127.0.0.1:6379',
    keys: new RedisKeys(prefix),
    timeoutMs: options.connectTimeoutMs ?? 2000,
    heartbeatMs: options.heartbeatMs ?? 1000,
    ...(options.redis !== undefined && { redis: options.redis }),
  });
  const bus = new RedisBus(connection);
  return {
    node: connection.node,
    sessionTtlMs,
    bus,
    sessions: new RedisSessions(connection, sessionTtlMs),
    events: new RedisEvents(connection, bus, bounds),
    leases: new RedisLeases(connection),
    fanout: new RedisFanout(connection, bounds),
    tasks: redisTaskStore(() => connection.command(), {
      prefix,
      ...(options.maxTasksPerOwner !== undefined && { maxTasksPerOwner: options.maxTasksPerOwner }),
    }),
    alive: (node) => connection.alive(node),
    onFailure: (listener) => connection.onFailure(listener),
    ready: () => connection.ready(),
    sharedSecret: () => sharedSecret(connection),
    close: () => connection.close(),
  };
}
