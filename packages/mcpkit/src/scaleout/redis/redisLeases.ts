/**
 * Leases on Redis: one key per lease, holding its holder and expiring by
 * itself; each operation is one atomic script (`leaseScripts.ts`).
 *
 * @module
 */
import type { SharedLeases } from '../index.js';
import { ACQUIRE, RELEASE, RENEW, REPLACE } from './leaseScripts.js';
import type { RedisConnection } from './redisConnection.js';

/** {@link SharedLeases} on Redis. */
export class RedisLeases implements SharedLeases {
  readonly #connection: RedisConnection;

  constructor(connection: RedisConnection) {
    this.#connection = connection;
  }

  async acquire(key: string, holder: string, ttlMs: number): Promise<string> {
    return String(await this.#eval(ACQUIRE, key, holder, String(ttlMs)));
  }

  async replace(key: string, holder: string, ttlMs: number, previous?: string): Promise<boolean> {
    return (await this.#eval(REPLACE, key, holder, String(ttlMs), previous ?? '')) === 1;
  }

  async renew(key: string, holder: string, ttlMs: number): Promise<boolean> {
    return (await this.#eval(RENEW, key, holder, String(ttlMs))) === 1;
  }

  async release(key: string, holder: string): Promise<void> {
    await this.#eval(RELEASE, key, holder);
  }

  async holder(key: string): Promise<string | undefined> {
    return (await (await this.#connection.command()).get(this.#connection.settings.keys.lease(key))) ?? undefined;
  }

  async #eval(script: string, key: string, ...args: string[]): Promise<unknown> {
    return (await this.#connection.command()).eval(script, 1, this.#connection.settings.keys.lease(key), ...args);
  }
}
