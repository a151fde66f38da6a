/**
 * The bus on Redis pub/sub: one subscription per channel for this process,
 * however many listeners it has here; a subscription that does not take
 * within the connect timeout fails rather than waits.
 *
 * @module
 */
import type { MessageBus } from '../index.js';
import type { RedisConnection } from './redisConnection.js';
import { withTimeout } from './withTimeout.js';

type Listener = (message: string) => void;

/** A {@link MessageBus} on Redis pub/sub. */
export class RedisBus implements MessageBus {
  readonly #connection: RedisConnection;
  readonly #channels = new Map<string, Set<Listener>>();

  constructor(connection: RedisConnection) {
    this.#connection = connection;
    connection.subscriber.on('message', (channel: string, message: string) => {
      const listeners = this.#channels.get(channel);
      if (listeners !== undefined) for (const l of [...listeners]) l(message);
    });
  }

  async publish(channel: string, message: string): Promise<void> {
    await (await this.#connection.command()).publish(this.#connection.settings.keys.channel(channel), message);
  }

  async subscribe(channel: string, listener: Listener): Promise<() => void> {
    const name = this.#connection.settings.keys.channel(channel);
    const listeners = await this.#listenersOf(name);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.#channels.get(name) === listeners) {
        this.#channels.delete(name);
        this.#connection.subscriber.unsubscribe(name).catch(() => undefined);
      }
    };
  }

  /** The listeners of channel `name`, subscribing this process first if it has none. */
  async #listenersOf(name: string): Promise<Set<Listener>> {
    const existing = this.#channels.get(name);
    if (existing !== undefined) return existing;
    const set = new Set<Listener>();
    this.#channels.set(name, set);
    try {
      await withTimeout(this.#connection.subscriber.subscribe(name), this.#connection.settings.timeoutMs, 'Redis subscription');
    } catch (error) {
      if (set.size === 0 && this.#channels.get(name) === set) this.#channels.delete(name);
      throw error;
    }
    return set;
  }
}
