/**
 * Sessions in memory: records with an idle lifetime, dropped as they are
 * read after it. Ending a session also drops its events (`onRemove`).
 *
 * @module
 */
import type { SessionRecord, SessionStore } from '../sessions.js';

interface Kept {
  readonly record: SessionRecord;
  expires: number;
}

/** A {@link SessionStore} shared by the handlers of one process. */
export class MemorySessions implements SessionStore {
  readonly ttlMs: number;
  readonly #kept = new Map<string, Kept>();
  readonly #onRemove: (id: string) => void;

  constructor(ttlMs: number, onRemove: (id: string) => void) {
    this.ttlMs = ttlMs;
    this.#onRemove = onRemove;
  }

  /** Sessions kept (expired ones included until next read). */
  get size(): number {
    return this.#kept.size;
  }

  save(id: string, record: SessionRecord): Promise<void> {
    this.#kept.set(id, { record, expires: Date.now() + this.ttlMs });
    return Promise.resolve();
  }

  load(id: string): Promise<SessionRecord | undefined> {
    return Promise.resolve(this.live(id));
  }

  touch(id: string): Promise<boolean> {
    const kept = this.#live(id);
    if (kept !== undefined) kept.expires = Date.now() + this.ttlMs;
    return Promise.resolve(kept !== undefined);
  }

  remove(id: string): Promise<void> {
    this.#kept.delete(id);
    this.#onRemove(id);
    return Promise.resolve();
  }

  /** The record of a live session, at once (for the in-memory fan-out). */
  live(id: string): SessionRecord | undefined {
    return this.#live(id)?.record;
  }

  /** The ids of the sessions kept (expired ones included until read). */
  ids(): string[] {
    return [...this.#kept.keys()];
  }

  #live(id: string): Kept | undefined {
    const kept = this.#kept.get(id);
    if (kept !== undefined && kept.expires <= Date.now()) {
      this.#kept.delete(id);
      return undefined;
    }
    return kept;
  }
}
