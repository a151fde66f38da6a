/**
 * The sessions of one handler, with the two bounds that keep a long-running
 * server from leaking: a session with no open connection for `idleTimeoutMs`
 * is closed by a periodic sweep, and at `maxSessions` a new session evicts the
 * longest-idle one (or is refused when every session is in use).
 *
 * @module
 */
import { unref } from './keepAlive.js';

/** What the table needs of a session. */
export interface SessionEntry {
  readonly id: string;
  /** When it last saw activity (ms since the epoch). */
  readonly lastActive: number;
  /** True while a client connection is open on it. */
  readonly busy: boolean;
  close(): Promise<void>;
}

/** Bounds of a {@link SessionTable}. */
export interface SessionTableOptions {
  readonly idleTimeoutMs: number;
  readonly maxSessions: number;
}

/** Sessions by id, bounded in time and number. */
export class SessionTable<S extends SessionEntry = SessionEntry> {
  readonly #sessions = new Map<string, S>();
  readonly #idleMs: number;
  readonly #max: number;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: SessionTableOptions) {
    this.#idleMs = options.idleTimeoutMs;
    this.#max = options.maxSessions;
  }

  /** Sessions currently kept. */
  get size(): number {
    return this.#sessions.size;
  }

  /** The sessions kept. */
  values(): IterableIterator<S> {
    return this.#sessions.values();
  }

  get(id: string): S | undefined {
    return this.#sessions.get(id);
  }

  /** Makes room for one more session: at the cap, closes the longest-idle one. False if all are in use. */
  reserve(): boolean {
    if (this.#sessions.size < this.#max) return true;
    let oldest: S | undefined;
    for (const s of this.#sessions.values()) {
      if (!s.busy && (oldest === undefined || s.lastActive < oldest.lastActive)) oldest = s;
    }
    if (oldest === undefined) return false;
    this.#evict(oldest);
    return true;
  }

  add(session: S): void {
    this.#sessions.set(session.id, session);
    this.#arm();
  }

  delete(id: string): void {
    this.#sessions.delete(id);
    if (this.#sessions.size === 0) this.#disarm();
  }

  /** Closes every session idle for longer than the timeout; returns how many. */
  sweep(now: number = Date.now()): number {
    let closed = 0;
    for (const s of [...this.#sessions.values()]) {
      if (!s.busy && now - s.lastActive >= this.#idleMs) {
        this.#evict(s);
        closed++;
      }
    }
    return closed;
  }

  /** Closes every session. */
  async closeAll(): Promise<void> {
    const all = [...this.#sessions.values()];
    this.#sessions.clear();
    this.#disarm();
    await Promise.all(all.map((s) => s.close()));
  }

  #evict(session: S): void {
    this.delete(session.id);
    session.close().catch(() => undefined);
  }

  #arm(): void {
    if (this.#timer !== undefined || !Number.isFinite(this.#idleMs)) return;
    const period = Math.max(10, Math.min(this.#idleMs / 2, 60_000));
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.sweep();
      if (this.#sessions.size > 0) this.#arm();
    }, period);
    unref(this.#timer);
  }

  #disarm(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
