/**
 * Sessions on Redis: each record is a JSON string with the idle lifetime as
 * its expiry, indexed for fan-out as it is saved (`sessionScripts.ts`); ending
 * a session deletes its record and every event key it had.
 *
 * @module
 */
import { fanoutIndexes, type SessionRecord, type SessionStore } from '../index.js';
import type { RedisConnection } from './redisConnection.js';
import { REMOVE, SAVE, TOUCH } from './sessionScripts.js';

/** A {@link SessionStore} on Redis. */
export class RedisSessions implements SessionStore {
  readonly #connection: RedisConnection;
  readonly #ttl: string;

  constructor(connection: RedisConnection, ttlMs: number) {
    this.#connection = connection;
    this.#ttl = String(ttlMs);
  }

  async save(id: string, record: SessionRecord): Promise<void> {
    const keys = this.#connection.settings.keys;
    // Indexed for fan-out (fanout.ts) in the same script.
    const indexes = fanoutIndexes(record.snapshot).map((ix) => keys.index(ix));
    await (
      await this.#connection.command()
    ).eval(SAVE, 1 + indexes.length, keys.session(id), ...indexes, id, JSON.stringify(record), this.#ttl);
  }

  async load(id: string): Promise<SessionRecord | undefined> {
    const raw = await (await this.#connection.command()).get(this.#connection.settings.keys.session(id));
    return raw === null ? undefined : (JSON.parse(raw) as SessionRecord);
  }

  async touch(id: string): Promise<boolean> {
    const keys = this.#connection.settings.keys;
    return (await (await this.#connection.command()).eval(TOUCH, 1, keys.session(id), this.#ttl, keys.prefix, id)) === 1;
  }

  async remove(id: string): Promise<void> {
    const keys = this.#connection.settings.keys;
    await (await this.#connection.command()).eval(REMOVE, 2, keys.session(id), keys.keysOf(id));
  }
}
