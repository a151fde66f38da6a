/**
 * The sessions part of the shared store: what each handshake-era session
 * negotiated, kept for the store's idle lifetime after its last touch, so a
 * process that never saw the session can restore a replica of it.
 *
 * @module
 */
import type { SessionSnapshot } from '../server/index.js';

/** What is kept of a handshake-era session. */
export interface SessionRecord {
  /** The principal that opened it (later requests must match). */
  readonly principal?: string;
  /** What the server side negotiated and was told since (the server's published snapshot). */
  readonly snapshot: SessionSnapshot;
}

/** Sessions by id, each living for the store's idle lifetime after its last touch. */
export interface SessionStore {
  /** Creates or replaces a session's record; its lifetime starts again. */
  save(id: string, record: SessionRecord): Promise<void>;
  /** The record, or undefined if it never existed, ended or expired. */
  load(id: string): Promise<SessionRecord | undefined>;
  /** Extends the session's lifetime; false if it is gone. */
  touch(id: string): Promise<boolean>;
  /** Ends the session: its record and its events. */
  remove(id: string): Promise<void>;
}
