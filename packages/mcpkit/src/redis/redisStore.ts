/**
 * The shared stores on Redis (7 or later) or Valkey: what lets several
 * processes serve one MCP endpoint. Sessions are JSON strings with an idle
 * lifetime, events are Redis Streams bounded by length and age, the bus is
 * pub/sub, and each process renews a liveness key while it runs. Every key
 * has an expiry. Commands fail at once while Redis is unreachable (no offline
 * queue), so a request that needs shared state gets a clear 503 instead of
 * waiting; the client reconnects by itself.
 *
 * @module
 */
import { Redis, type RedisOptions } from 'ioredis';
import type { MessageBus, NewEvent, SessionRecord, SharedEvent, SharedStore } from '../http/index.js';
import { LocalError, type RequestId } from '../jsonrpc/index.js';
import { APPEND, REMOVE } from './scripts.js';
import { redisTaskStore } from './redisTasks.js';
import { fanoutIndex, fanoutIndexes, type SessionFanout, type SharedLeases } from '../http/index.js';
import { ACQUIRE, FANOUT, RELEASE, RENEW, REPLACE, SAVE, TOUCH } from './leaseScripts.js';

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

type Listener = (message: string) => void;

/** Sessions a fan-out script handles per call. */
const FANOUT_BATCH = 200;

/** The ioredis options this store passes on (the reply mapping is its own). */
export type RedisClientOptions = Omit<RedisOptions, 'replyMapping'>;

interface Published {
  readonly stream: string;
  readonly seq: number;
  readonly data: string;
  readonly pending: string;
}

/** A store on Redis for one process: `serveHttp(server, { store: redisStore({ url }) })`. */
export function redisStore(options: RedisStoreOptions = {}): RedisStore {
  const prefix = options.prefix ?? 'mcpkit:';
  const sessionTtlMs = options.sessionTtlMs ?? 30 * 60_000;
  const eventTtlMs = options.eventTtlMs ?? sessionTtlMs;
  const maxLen = String(options.maxEventsPerStream ?? 1000);
  const heartbeatMs = options.heartbeatMs ?? 1000;
  const timeoutMs = options.connectTimeoutMs ?? 2000;
  const url = options.url ?? 'redis://127.0.0.1:6379';
  const common: RedisClientOptions = {
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: (times) => Math.min(50 * times, 1000),
    ...options.redis,
  };
  const node = `n${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
  // Commands fail at once while disconnected; subscriptions wait for the connection (bounded by `timeoutMs`).
  const client = new Redis(url, { ...common, enableOfflineQueue: false });
  const subscriber = new Redis(url, { ...common, enableOfflineQueue: true, autoResubscribe: true });
  const channels = new Map<string, Set<Listener>>();
  const failureListeners = new Set<(error: Error) => void>();
  let up = false;
  let everUp = false;
  let closed = false;

  client.on('error', () => undefined);
  subscriber.on('error', () => undefined);
  client.on('ready', () => {
    up = true;
    everUp = true;
    beat();
  });
  client.on('close', () => {
    if (!up || closed) return;
    up = false;
    const error = new LocalError('TRANSPORT_FAILED', 'Redis connection lost');
    for (const l of [...failureListeners]) l(error);
  });
  subscriber.on('message', (channel: string, message: string) => {
    const listeners = channels.get(channel);
    if (listeners !== undefined) for (const l of [...listeners]) l(message);
  });

  const ready = async (): Promise<void> => {
    if (client.status === 'ready') return;
    await withTimeout(
      new Promise<void>((resolve) =>
        client.once('ready', () => {
          resolve();
        }),
      ),
      timeoutMs,
      `Redis at ${url}`,
    );
  };
  /**
   * The command connection. A process that starts serving before its first
   * connection is made waits for it (bounded by `timeoutMs`) rather than
   * failing its first requests; once connected, a lost connection fails
   * commands at once (no offline queue), which is what turns an outage into
   * a prompt 503 instead of a hang.
   */
  const firstConnection = new Promise<void>((resolve) => {
    client.once('ready', () => {
      resolve();
    });
  });
  const redis = async (): Promise<Redis> => {
    if (!everUp && !closed) await withTimeout(firstConnection, timeoutMs, `Redis at ${url}`);
    return client;
  };

  const beat = (): void => {
    if (up) client.set(`${prefix}n:${node}`, '1', 'PX', heartbeatMs * 3).catch(() => undefined);
  };
  const heartbeat = setInterval(beat, heartbeatMs);
  heartbeat.unref();

  const bus: MessageBus = {
    publish: async (channel, message) => {
      await (await redis()).publish(prefix + channel, message);
    },
    subscribe: async (channel, listener) => {
      const name = prefix + channel;
      let set = channels.get(name);
      if (set === undefined) {
        channels.set(name, (set = new Set()));
        try {
          await withTimeout(subscriber.subscribe(name), timeoutMs, 'Redis subscription');
        } catch (error) {
          if (set.size === 0) channels.delete(name);
          throw error;
        }
      }
      const listeners = set;
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && channels.get(name) === listeners) {
          channels.delete(name);
          subscriber.unsubscribe(name).catch(() => undefined);
        }
      };
    },
  };

  const leaseKey = (key: string): string => `${prefix}l:${key}`;
  const leases: SharedLeases = {
    acquire: async (key, holder, ttlMs) => String(await (await redis()).eval(ACQUIRE, 1, leaseKey(key), holder, String(ttlMs))),
    replace: async (key, holder, ttlMs, previous) =>
      (await (await redis()).eval(REPLACE, 1, leaseKey(key), holder, String(ttlMs), previous ?? '')) === 1,
    renew: async (key, holder, ttlMs) => (await (await redis()).eval(RENEW, 1, leaseKey(key), holder, String(ttlMs))) === 1,
    release: async (key, holder) => {
      await (await redis()).eval(RELEASE, 1, leaseKey(key), holder);
    },
    holder: async (key) => (await (await redis()).get(leaseKey(key))) ?? undefined,
  };
  const fanout: SessionFanout = {
    fanOut: async (event, data, tag) => {
      const target = event.kind === 'listChanged' ? event.list : event.uri;
      let cursor = '0';
      let told = 0;
      // The index is walked in batches (one script each), so a large one never blocks Redis for long.
      do {
        const [next, count] = (await (
          await redis()
        ).eval(
          FANOUT,
          1,
          `${prefix}ix:${fanoutIndex(event)}`,
          prefix,
          event.kind === 'listChanged' ? 'l' : 'r',
          target,
          tag,
          data,
          maxLen,
          String(eventTtlMs),
          cursor,
          String(FANOUT_BATCH),
        )) as [string, number];
        cursor = next;
        told += count;
      } while (cursor !== '0');
      return told;
    },
  };

  const sessionKey = (id: string): string => `${prefix}s:${id}`;
  const keysOf = (id: string): string => `${prefix}k:${id}`;
  const streamKey = (session: string, stream: string): string => `${prefix}e:${session}:${stream}`;

  return {
    node,
    sessionTtlMs,
    bus,
    tasks: redisTaskStore(redis, {
      prefix,
      ...(options.maxTasksPerOwner !== undefined && { maxTasksPerOwner: options.maxTasksPerOwner }),
    }),
    sessions: {
      // Indexed for fan-out (sessionFanout.ts) in the same script.
      save: async (id, record) => {
        const indexes = fanoutIndexes(record.snapshot).map((ix) => `${prefix}ix:${ix}`);
        await (
          await redis()
        ).eval(SAVE, 1 + indexes.length, sessionKey(id), ...indexes, id, JSON.stringify(record), String(sessionTtlMs));
      },
      load: async (id) => {
        const raw = await (await redis()).get(sessionKey(id));
        return raw === null ? undefined : (JSON.parse(raw) as SessionRecord);
      },
      touch: async (id) => (await (await redis()).eval(TOUCH, 1, sessionKey(id), String(sessionTtlMs), prefix, id)) === 1,
      remove: async (id) => {
        await (await redis()).eval(REMOVE, 2, sessionKey(id), keysOf(id));
      },
    },
    events: {
      append: async (session, stream, event: NewEvent, once) => {
        const key = streamKey(session, stream);
        const seq = (await (
          await redis()
        ).eval(
          APPEND,
          4,
          key,
          `${key}:n`,
          once === undefined ? key : `${prefix}o:${session}:${once}`,
          keysOf(session),
          event.seq === undefined ? '' : String(event.seq),
          event.data,
          event.pending === undefined ? '' : JSON.stringify(event.pending),
          maxLen,
          String(eventTtlMs),
          `${prefix}ev:${session}`,
          stream,
          once === undefined ? '0' : '1',
        )) as number;
        return seq < 0 ? undefined : seq;
      },
      after: async (session, stream, seq) => {
        const entries = await (await redis()).xrange(streamKey(session, stream), '-', '+');
        const out: SharedEvent[] = [];
        for (const [, fields] of entries) {
          const event = fromFields(fields);
          if (event !== undefined && event.seq > seq) out.push(event);
        }
        return out;
      },
      follow: (session, listener) =>
        bus.subscribe(`ev:${session}`, (message) => {
          const published = JSON.parse(message) as Published;
          listener(published.stream, toEvent(published.seq, published.data, published.pending));
        }),
    },
    leases,
    fanout,
    alive: async (other) => other === node || (await (await redis()).exists(`${prefix}n:${other}`)) === 1,
    onFailure: (listener) => {
      failureListeners.add(listener);
      return () => failureListeners.delete(listener);
    },
    ready,
    sharedSecret: async () => {
      const key = `${prefix}secret`;
      const fresh = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('');
      // NX: the first process wins; everyone (the winner too) reads what is stored.
      await (await redis()).set(key, fresh, 'NX');
      const stored = await (await redis()).get(key);
      if (stored === null || stored.length < 32)
        throw new LocalError('PROTOCOL_VIOLATION', `Redis at ${url} has no usable shared secret under ${key}`);
      return stored;
    },
    close: async () => {
      closed = true;
      clearInterval(heartbeat);
      if (up) await client.del(`${prefix}n:${node}`).catch(() => undefined);
      client.disconnect();
      subscriber.disconnect();
    },
  };
}

function toEvent(seq: number, data: string, pending: string): SharedEvent {
  return pending === '' ? { seq, data } : { seq, data, pending: JSON.parse(pending) as RequestId[] };
}

function fromFields(fields: readonly string[]): SharedEvent | undefined {
  let seq: number | undefined;
  let data: string | undefined;
  let pending = '';
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const value = fields[i + 1] as string;
    if (fields[i] === 's') seq = Number(value);
    else if (fields[i] === 'd') data = value;
    else if (fields[i] === 'p') pending = value;
  }
  return seq === undefined || data === undefined ? undefined : toEvent(seq, data, pending);
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new LocalError('TRANSPORT_FAILED', `${what}: no answer within ${String(ms)} ms`));
    }, ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new LocalError('TRANSPORT_FAILED', String(error)));
      },
    );
  });
}
