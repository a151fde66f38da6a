/**
 * The event log in memory: each stream keeps its newest events, and every
 * append is published on the bus to the session's followers, as the Redis log
 * does. Once-keys are kept per session, and dropped with its streams.
 *
 * @module
 */
import type { MessageBus } from '../bus.js';
import type { NewEvent, SharedEvent, SharedEventLog } from '../events.js';

interface Stream {
  seq: number;
  readonly events: SharedEvent[];
}

/** The followers' channel of a session. */
const channel = (session: string): string => `ev:${session}`;

/** A {@link SharedEventLog} shared by the handlers of one process. */
export class MemoryEvents implements SharedEventLog {
  readonly #perStream: number;
  readonly #bus: MessageBus;
  /** Streams by session, then by stream name. */
  readonly #streams = new Map<string, Map<string, Stream>>();
  readonly #once = new Map<string, Set<string>>();

  constructor(bus: MessageBus, perStream: number) {
    this.#bus = bus;
    this.#perStream = perStream;
  }

  append(session: string, stream: string, event: NewEvent, once?: string): Promise<number | undefined> {
    return Promise.resolve(this.appendNow(session, stream, event, once));
  }

  /** {@link append}, at once (for the in-memory fan-out). */
  appendNow(session: string, stream: string, event: NewEvent, once: string | undefined): number | undefined {
    if (once !== undefined && !this.#claim(session, once)) return undefined;
    const log = this.#stream(session, stream);
    const seq = event.seq ?? log.seq + 1;
    log.seq = Math.max(log.seq, seq);
    const stored: SharedEvent =
      event.pending === undefined ? { seq, data: event.data } : { seq, data: event.data, pending: event.pending };
    log.events.push(stored);
    if (log.events.length > this.#perStream) log.events.shift();
    void this.#bus.publish(channel(session), JSON.stringify({ stream, event: stored }));
    return seq;
  }

  after(session: string, stream: string, seq: number): Promise<readonly SharedEvent[]> {
    const events = this.#streams.get(session)?.get(stream)?.events ?? [];
    return Promise.resolve(events.filter((e) => e.seq > seq));
  }

  follow(session: string, listener: (stream: string, event: SharedEvent) => void): Promise<() => void> {
    return this.#bus.subscribe(channel(session), (message) => {
      const { stream, event } = JSON.parse(message) as { stream: string; event: SharedEvent };
      listener(stream, event);
    });
  }

  /** Drops a session's streams and once-keys (it ended). */
  drop(session: string): void {
    this.#streams.delete(session);
    this.#once.delete(session);
  }

  /** False if `once` was already used for `session`. */
  #claim(session: string, once: string): boolean {
    let used = this.#once.get(session);
    if (used === undefined) this.#once.set(session, (used = new Set()));
    if (used.has(once)) return false;
    used.add(once);
    return true;
  }

  #stream(session: string, stream: string): Stream {
    let streams = this.#streams.get(session);
    if (streams === undefined) this.#streams.set(session, (streams = new Map<string, Stream>()));
    let log = streams.get(stream);
    if (log === undefined) streams.set(stream, (log = { seq: 0, events: [] }));
    return log;
  }
}
