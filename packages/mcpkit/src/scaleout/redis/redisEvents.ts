/**
 * The event log on Redis: one Redis Stream per session stream, bounded by
 * length and age; an append (dedupe, numbering, trimming, expiry, telling the
 * followers on the bus) is one atomic script (`eventScripts.ts`).
 *
 * @module
 */
import type { RequestId } from '../../jsonrpc/index.js';
import type { MessageBus, NewEvent, SharedEvent, SharedEventLog } from '../index.js';
import { APPEND } from './eventScripts.js';
import type { RedisConnection } from './redisConnection.js';

/** Bounds of the log. */
export interface EventBounds {
  /** Events kept per stream, about. */
  readonly maxLen: number;
  /** How long an event is kept, in ms. */
  readonly ttlMs: number;
}

/** What the append script publishes to a session's followers. */
interface Published {
  readonly stream: string;
  readonly seq: number;
  readonly data: string;
  readonly pending: string;
}

/** A {@link SharedEventLog} on Redis Streams. */
export class RedisEvents implements SharedEventLog {
  readonly #connection: RedisConnection;
  readonly #bus: MessageBus;
  readonly #bounds: EventBounds;

  constructor(connection: RedisConnection, bus: MessageBus, bounds: EventBounds) {
    this.#connection = connection;
    this.#bus = bus;
    this.#bounds = bounds;
  }

  async append(session: string, stream: string, event: NewEvent, once?: string): Promise<number | undefined> {
    const keys = this.#connection.settings.keys;
    const key = keys.stream(session, stream);
    const seq = (await (
      await this.#connection.command()
    ).eval(
      APPEND,
      4,
      key,
      `${key}:n`,
      once === undefined ? key : keys.once(session, once),
      keys.keysOf(session),
      event.seq === undefined ? '' : String(event.seq),
      event.data,
      event.pending === undefined ? '' : JSON.stringify(event.pending),
      String(this.#bounds.maxLen),
      String(this.#bounds.ttlMs),
      keys.channel(keys.followers(session)),
      stream,
      once === undefined ? '0' : '1',
    )) as number;
    return seq < 0 ? undefined : seq;
  }

  async after(session: string, stream: string, seq: number): Promise<readonly SharedEvent[]> {
    const key = this.#connection.settings.keys.stream(session, stream);
    const entries = await (await this.#connection.command()).xrange(key, '-', '+');
    const out: SharedEvent[] = [];
    for (const [, fields] of entries) {
      const event = fromFields(fields);
      if (event !== undefined && event.seq > seq) out.push(event);
    }
    return out;
  }

  follow(session: string, listener: (stream: string, event: SharedEvent) => void): Promise<() => void> {
    return this.#bus.subscribe(this.#connection.settings.keys.followers(session), (message) => {
      const published = JSON.parse(message) as Published;
      listener(published.stream, toEvent(published.seq, published.data, published.pending));
    });
  }
}

function toEvent(seq: number, data: string, pending: string): SharedEvent {
  return pending === '' ? { seq, data } : { seq, data, pending: JSON.parse(pending) as RequestId[] };
}

/** An event from a stream entry's fields (`s`: seq, `d`: data, `p`: pending ids as JSON). */
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
