/**
 * The shared stores in memory: several HTTP handlers in one process (one per
 * simulated process) share one {@link MemoryShared}. It serves tests and
 * embedded setups; real scale-out needs a store every process reaches
 * (`mcpkit/redis`). Bounded like the Redis store: sessions expire, streams
 * keep their newest events.
 *
 * @module
 */
import { MemoryTaskStore } from '../../../server/tasks/taskStore.js';
import { wantsEvent } from './sessionFanout.js';
import type { SharedLeases } from './sharedLeases.js';
import type {
  MessageBus,
  NewEvent,
  SessionRecord,
  SessionStore,
  SharedEvent,
  SharedEventLog,
  SharedStore,
} from './sharedStore.js';

/** Bounds of a {@link MemoryShared}. */
export interface MemorySharedOptions {
  /** How long an idle session lives, in ms (default 30 minutes). */
  readonly sessionTtlMs?: number;
  /** Events kept per stream (default 1000). */
  readonly maxEventsPerStream?: number;
}

interface Kept {
  record: SessionRecord;
  expires: number;
}

type Listener = (message: string) => void;

/** State shared by the handlers of one process. */
export class MemoryShared {
  readonly sessionTtlMs: number;
  readonly #perStream: number;
  readonly #sessions = new Map<string, Kept>();
  readonly #streams = new Map<string, { seq: number; events: SharedEvent[] }>();
  readonly #once = new Set<string>();
  readonly #channels = new Map<string, Set<Listener>>();
  readonly #nodes = new Set<string>();
  readonly #tasks = new MemoryTaskStore();
  readonly #leases = new Map<string, { holder: string; expires: number }>();
  #nextNode = 1;

  constructor(options: MemorySharedOptions = {}) {
    this.sessionTtlMs = options.sessionTtlMs ?? 30 * 60_000;
    this.#perStream = options.maxEventsPerStream ?? 1000;
  }

  /** Sessions kept (expired ones included until next read). */
  get sessionCount(): number {
    return this.#sessions.size;
  }

  /** The store of one more process. */
  store(): SharedStore {
    const node = `m${String(this.#nextNode++)}`;
    this.#nodes.add(node);
    const sessions: SessionStore = {
      save: (id, record) => {
        this.#sessions.set(id, { record, expires: Date.now() + this.sessionTtlMs });
        return Promise.resolve();
      },
      load: (id) => Promise.resolve(this.#live(id)?.record),
      touch: (id) => {
        const kept = this.#live(id);
        if (kept !== undefined) kept.expires = Date.now() + this.sessionTtlMs;
        return Promise.resolve(kept !== undefined);
      },
      remove: (id) => {
        this.#sessions.delete(id);
        for (const key of [...this.#streams.keys()]) if (key.startsWith(`${id}/`)) this.#streams.delete(key);
        return Promise.resolve();
      },
    };
    const events: SharedEventLog = {
      append: (session, stream, event, once) => Promise.resolve(this.#append(session, stream, event, once)),
      after: (session, stream, seq) =>
        Promise.resolve((this.#streams.get(`${session}/${stream}`)?.events ?? []).filter((e) => e.seq > seq)),
      follow: (session, listener) =>
        this.#bus.subscribe(`ev:${session}`, (message) => {
          const { stream, event } = JSON.parse(message) as { stream: string; event: SharedEvent };
          listener(stream, event);
        }),
    };
    return {
      node,
      sessions,
      events,
      bus: this.#bus,
      leases: this.#leaseStore,
      fanout: {
        // In memory, a scan of the sessions (the Redis store keeps an index instead).
        fanOut: (event, data, tag) => {
          let told = 0;
          for (const id of [...this.#sessions.keys()]) {
            const kept = this.#live(id);
            if (kept === undefined || !wantsEvent(kept.record.snapshot, event)) continue;
            if (this.#append(id, '0', { data }, tag) !== undefined) told++;
          }
          return Promise.resolve(told);
        },
      },
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

  #live(id: string): Kept | undefined {
    const kept = this.#sessions.get(id);
    if (kept !== undefined && kept.expires <= Date.now()) {
      this.#sessions.delete(id);
      return undefined;
    }
    return kept;
  }

  #append(session: string, stream: string, event: NewEvent, once: string | undefined): number | undefined {
    if (once !== undefined) {
      const key = `${session}/${once}`;
      if (this.#once.has(key)) return undefined;
      this.#once.add(key);
    }
    const key = `${session}/${stream}`;
    let log = this.#streams.get(key);
    if (log === undefined) this.#streams.set(key, (log = { seq: 0, events: [] }));
    const seq = event.seq ?? log.seq + 1;
    log.seq = Math.max(log.seq, seq);
    const stored: SharedEvent =
      event.pending === undefined ? { seq, data: event.data } : { seq, data: event.data, pending: event.pending };
    log.events.push(stored);
    if (log.events.length > this.#perStream) log.events.shift();
    void this.#bus.publish(`ev:${session}`, JSON.stringify({ stream, event: stored }));
    return seq;
  }

  #lease(key: string): string | undefined {
    const lease = this.#leases.get(key);
    if (lease !== undefined && lease.expires <= Date.now()) {
      this.#leases.delete(key);
      return undefined;
    }
    return lease?.holder;
  }

  readonly #leaseStore: SharedLeases = {
    acquire: (key, holder, ttlMs) => {
      const current = this.#lease(key);
      if (current !== undefined) return Promise.resolve(current);
      this.#leases.set(key, { holder, expires: Date.now() + ttlMs });
      return Promise.resolve(holder);
    },
    replace: (key, holder, ttlMs, previous) => {
      if (previous !== undefined && this.#lease(key) !== previous) return Promise.resolve(false);
      this.#leases.set(key, { holder, expires: Date.now() + ttlMs });
      return Promise.resolve(true);
    },
    renew: (key, holder, ttlMs) => {
      if (this.#lease(key) !== holder) return Promise.resolve(false);
      this.#leases.set(key, { holder, expires: Date.now() + ttlMs });
      return Promise.resolve(true);
    },
    release: (key, holder) => {
      if (this.#lease(key) === holder) this.#leases.delete(key);
      return Promise.resolve();
    },
    holder: (key) => Promise.resolve(this.#lease(key)),
  };

  readonly #bus: MessageBus = {
    publish: (channel, message) => {
      const listeners = this.#channels.get(channel);
      // Delivered on a later turn, as a network bus would.
      if (listeners !== undefined)
        for (const l of [...listeners])
          queueMicrotask(() => {
            l(message);
          });
      return Promise.resolve();
    },
    subscribe: (channel, listener) => {
      let set = this.#channels.get(channel);
      if (set === undefined) this.#channels.set(channel, (set = new Set()));
      set.add(listener);
      return Promise.resolve(() => {
        set.delete(listener);
        if (set.size === 0) this.#channels.delete(channel);
      });
    },
  };
}
