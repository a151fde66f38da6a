/**
 * The stores that let several processes serve one Streamable HTTP endpoint
 * (scale-out): a session store (what each handshake-era session negotiated),
 * an event log (resumable SSE streams, readable and followable from any
 * process), a message bus (what arrives at one process for a request another
 * one is serving) and the liveness of processes. `mcpkit/http` ships an
 * in-memory implementation (several handlers in one process; tests) and
 * `mcpkit/redis` the one for many processes.
 *
 * @module
 */
import type { RequestId } from '../../../jsonrpc/message.js';
import type { SessionSnapshot } from '../../../server/session.js';
import type { TaskStore } from '../../../server/tasks/taskStore.js';
import type { SessionFanout } from './sessionFanout.js';
import type { SharedLeases } from './sharedLeases.js';

/** What is kept of a handshake-era session. */
export interface SessionRecord {
  /** The principal that opened it (later requests must match). */
  readonly principal?: string;
  /** What the server side negotiated and was told since. */
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

/** One event of a shared stream. */
export interface SharedEvent {
  /** Its number within its stream. */
  readonly seq: number;
  /** One serialized JSON-RPC payload. */
  readonly data: string;
  /** The requests the stream still had to answer after it; empty on its last event. Absent on the standalone stream. */
  readonly pending?: readonly RequestId[];
}

/** An event to append; without `seq`, the log numbers it (the standalone stream, which every process writes). */
export interface NewEvent {
  readonly seq?: number;
  readonly data: string;
  readonly pending?: readonly RequestId[];
}

/** The events of every session's streams, bounded by length and age, and followed live by any process. */
export interface SharedEventLog {
  /**
   * Appends to stream `stream` of session `session` and tells its followers.
   * With `once`, an append carrying the same key for the same session is done
   * at most once across all processes (a fanned-out event). Resolves with the
   * event's number, or undefined if `once` was already used.
   */
  append(session: string, stream: string, event: NewEvent, once?: string): Promise<number | undefined>;
  /** The events of a stream after `seq`, oldest first (those still kept). */
  after(session: string, stream: string, seq: number): Promise<readonly SharedEvent[]>;
  /** Calls `listener` for every event appended to the session's streams from now on; resolves with the unsubscriber once following. */
  follow(session: string, listener: (stream: string, event: SharedEvent) => void): Promise<() => void>;
}

/** Fire-and-forget messages between processes. */
export interface MessageBus {
  /** Sends `message` to every subscriber of `channel` (this process's included). */
  publish(channel: string, message: string): Promise<void>;
  /** Receives the messages of `channel`; resolves with the unsubscriber once subscribed. */
  subscribe(channel: string, listener: (message: string) => void): Promise<() => void>;
}

/** Everything several processes share; one per process. */
export interface SharedStore {
  /** This process's id, unique among the processes sharing the store. */
  readonly node: string;
  readonly sessions: SessionStore;
  readonly events: SharedEventLog;
  readonly bus: MessageBus;
  /** Who holds what every process must agree on (a session's GET stream, an HTTP+SSE session's stream). */
  readonly leases: SharedLeases;
  /** Server events for the sessions no process holds a replica of. */
  readonly fanout: SessionFanout;
  /** How long an idle session lives, in ms. */
  readonly sessionTtlMs: number;
  /** Tasks shared by the processes (`sharedTasks.ts`); absent: each server keeps its own. */
  readonly tasks?: TaskStore;
  /** Whether process `node` is still running (it renews its own liveness while it runs). */
  alive(node: string): Promise<boolean>;
  /** Calls `listener` when the store becomes unreachable (requests that depend on it cannot finish); returns the remover. */
  onFailure(listener: (error: Error) => void): () => void;
  /** Stops this process's use of the store (its liveness ends). */
  close(): Promise<void>;
}
