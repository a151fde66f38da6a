/**
 * The connections of one process's Redis store: one for commands, one for
 * subscriptions, and the liveness key this process renews while it runs.
 * Commands fail at once while Redis is unreachable (no offline queue), so a
 * request that needs shared state gets a clear 503 instead of waiting; the
 * client reconnects by itself, and the store's failure listeners hear of a
 * lost connection.
 *
 * @module
 */
import { Redis, type RedisOptions } from 'ioredis';
import { LocalError } from '../../jsonrpc/index.js';
import type { RedisKeys } from './redisKeys.js';
import { withTimeout } from './withTimeout.js';

/** The ioredis options this store passes on (the reply mapping is its own). */
export type RedisClientOptions = Omit<RedisOptions, 'replyMapping'>;

/** What a connection is opened with. */
export interface ConnectionSettings {
  readonly url: string;
  readonly keys: RedisKeys;
  /** How long to wait for Redis to connect or a subscription to take, in ms. */
  readonly timeoutMs: number;
  /** How often the liveness key is renewed, in ms (it lives three periods). */
  readonly heartbeatMs: number;
  readonly redis?: RedisClientOptions;
}

/** One process's connections to Redis. */
export class RedisConnection {
  /** This process's id among those sharing the prefix. */
  readonly node: string = `n${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
  readonly settings: ConnectionSettings;
  /** The subscriptions' connection: it waits for the connection (bounded by the timeout), and resubscribes. */
  readonly subscriber: Redis;
  readonly #client: Redis;
  readonly #failureListeners = new Set<(error: Error) => void>();
  readonly #firstConnection: Promise<void>;
  readonly #heartbeat: ReturnType<typeof setInterval>;
  #up = false;
  #everUp = false;
  #closed = false;

  constructor(settings: ConnectionSettings) {
    this.settings = settings;
    const common: RedisClientOptions = {
      connectTimeout: settings.timeoutMs,
      maxRetriesPerRequest: 0,
      retryStrategy: (times) => Math.min(50 * times, 1000),
      ...settings.redis,
    };
    this.#client = new Redis(settings.url, { ...common, enableOfflineQueue: false });
    this.subscriber = new Redis(settings.url, { ...common, enableOfflineQueue: true, autoResubscribe: true });
    this.#client.on('error', () => undefined);
    this.subscriber.on('error', () => undefined);
    this.#firstConnection = this.#nextReady();
    this.#client.on('ready', () => {
      this.#up = true;
      this.#everUp = true;
      this.#beat();
    });
    this.#client.on('close', () => {
      this.#lost();
    });
    this.#heartbeat = setInterval(() => {
      this.#beat();
    }, settings.heartbeatMs);
    this.#heartbeat.unref();
  }

  /**
   * The command connection. A process that starts serving before its first
   * connection is made waits for it (bounded by the timeout) rather than
   * failing its first requests; once connected, a lost connection fails
   * commands at once (no offline queue), which is what turns an outage into
   * a prompt 503 instead of a hang.
   */
  async command(): Promise<Redis> {
    if (!this.#everUp && !this.#closed) await this.#bounded(this.#firstConnection);
    return this.#client;
  }

  /** Resolves once connected (rejects if Redis cannot be reached within the timeout). */
  async ready(): Promise<void> {
    if (this.#client.status === 'ready') return;
    await this.#bounded(this.#nextReady());
  }

  /** Whether process `node` still renews its liveness key. */
  async alive(node: string): Promise<boolean> {
    return node === this.node || (await (await this.command()).exists(this.settings.keys.node(node))) === 1;
  }

  /** Calls `listener` when the connection is lost; returns the remover. */
  onFailure(listener: (error: Error) => void): () => void {
    this.#failureListeners.add(listener);
    return () => this.#failureListeners.delete(listener);
  }

  /** Ends this process's liveness and both connections. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#heartbeat);
    if (this.#up) await this.#client.del(this.settings.keys.node(this.node)).catch(() => undefined);
    this.#client.disconnect();
    this.subscriber.disconnect();
  }

  #nextReady(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.#client.once('ready', () => {
        resolve();
      });
    });
  }

  #bounded<T>(work: Promise<T>): Promise<T> {
    return withTimeout(work, this.settings.timeoutMs, `Redis at ${this.settings.url}`);
  }

  #beat(): void {
    if (this.#up)
      this.#client.set(this.settings.keys.node(this.node), '1', 'PX', this.settings.heartbeatMs * 3).catch(() => undefined);
  }

  #lost(): void {
    if (!this.#up || this.#closed) return;
    this.#up = false;
    const error = new LocalError('TRANSPORT_FAILED', 'Redis connection lost');
    for (const l of [...this.#failureListeners]) l(error);
  }
}
