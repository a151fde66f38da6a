/**
 * The shared stores in memory: several HTTP handlers in one process (one per
 * simulated process) share one {@link MemoryShared}. It serves tests and
 * embedded setups; real scale-out needs a store every process reaches
 * (`mcpkit/redis`). Bounded like the Redis store: sessions expire, streams
 * keep their newest events, and a session's events go with it.
 *
 * @module
 */
import { MemoryTaskStore, type SessionEvent } from '../../server/index.js';
import { wantsEvent, type SessionFanout } from '../fanout.js';
import type { SharedStore } from '../store.js';
import { MemoryBus } from './memoryBus.js';
import { MemoryEvents } from './memoryEvents.js';
import { MemoryLeases } from './memoryLeases.js';
import { MemorySessions } from './memorySessions.js';

/** Bounds of a {@link MemoryShared}. */
export interface MemorySharedOptions {
  /** How long an idle session lives, in ms (default 30 minutes). */
  readonly sessionTtlMs?: number;
  /** Events kept per stream (default 1000). */
  readonly maxEventsPerStream?: number;
}

/** State shared by the handlers of one process. */
export class MemoryShared {
  readonly sessionTtlMs: number;
  readonly #bus = new MemoryBus();
  readonly #events: MemoryEvents;
  readonly #sessions: MemorySessions;
  readonly #leases = new MemoryLeases();
  readonly #tasks = new MemoryTaskStore();
  readonly #nodes = new Set<string>();
  #nextNode = 1;

  constructor(options: MemorySharedOptions = {}) {
    this.sessionTtlMs = options.sessionTtlMs ?? 30 * 60_000;
    this.#events = new MemoryEvents(this.#bus, options.maxEventsPerStream ?? 1000);
    this.#sessions = new MemorySessions(this.sessionTtlMs, (id) => {
      this.#events.drop(id);
    });
  }

  /** Sessions kept (expired ones included until next read). */
  get sessionCount(): number {
    return this.#sessions.size;
  }

  /** The store of one more process. */
  store(): SharedStore {
    const node = `m${String(this.#nextNode++)}`;
    this.#nodes.add(node);
    return {
      node,
      sessions: this.#sessions,
      events: this.#events,
      bus: this.#bus,
      leases: this.#leases,
      fanout: this.#fanout,
      sessionTtlMs: this.sessionTtlMs,
      tasks: this.#tasks,
      alive: (other) => Promise.resolve(this.#nodes.has(other)),
      onFailure: () => () => undefined,
      close: () => {
        this.#nodes.delete(node);
        return Promise.resolve();
      },
    };
  }

  /** In memory, a scan of the sessions (the Redis store keeps an index instead). */
  readonly #fanout: SessionFanout = {
    fanOut: (event: SessionEvent, data: string, tag: string) => {
      let told = 0;
      for (const id of this.#sessions.ids()) {
        const record = this.#sessions.live(id);
        if (record === undefined || !wantsEvent(record.snapshot, event)) continue;
        if (this.#events.appendNow(id, '0', { data }, tag) !== undefined) told++;
      }
      return Promise.resolve(told);
    },
  };
}
