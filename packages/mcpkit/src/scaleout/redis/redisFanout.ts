/**
 * Fan-out on Redis: the sessions indexed for an event (`fanout.ts` names the
 * index) are walked in batches, one atomic script each, so a large index
 * never blocks Redis for long.
 *
 * @module
 */
import type { SessionEvent } from '../../server/index.js';
import { fanoutIndex, type SessionFanout } from '../index.js';
import type { EventBounds } from './redisEvents.js';
import { FANOUT } from './fanoutScripts.js';
import type { RedisConnection } from './redisConnection.js';

/** Sessions a fan-out script handles per call. */
const FANOUT_BATCH = 200;

/** A {@link SessionFanout} on Redis. */
export class RedisFanout implements SessionFanout {
  readonly #connection: RedisConnection;
  readonly #bounds: EventBounds;

  constructor(connection: RedisConnection, bounds: EventBounds) {
    this.#connection = connection;
    this.#bounds = bounds;
  }

  async fanOut(event: SessionEvent, data: string, tag: string): Promise<number> {
    let cursor = '0';
    let told = 0;
    do {
      const [next, count] = await this.#batch(event, data, tag, cursor);
      cursor = next;
      told += count;
    } while (cursor !== '0');
    return told;
  }

  /** One batch from `cursor`: resolves with the next cursor ('0' at the end) and how many sessions got the event. */
  async #batch(event: SessionEvent, data: string, tag: string, cursor: string): Promise<[string, number]> {
    const keys = this.#connection.settings.keys;
    return (await (
      await this.#connection.command()
    ).eval(
      FANOUT,
      1,
      keys.index(fanoutIndex(event)),
      keys.prefix,
      event.kind === 'listChanged' ? 'l' : 'r',
      event.kind === 'listChanged' ? event.list : event.uri,
      tag,
      data,
      String(this.#bounds.maxLen),
      String(this.#bounds.ttlMs),
      cursor,
      String(FANOUT_BATCH),
    )) as [string, number];
  }
}
