/**
 * The events part of the shared store: the SSE events of every session's
 * streams, bounded by length and age, so any process can resume a stream
 * (`Last-Event-ID`) and follow it live. The shape of the Go SDK's
 * `EventStore`: append, read after, follow (and removal with the session).
 *
 * @module
 */
import type { RequestId } from '../jsonrpc/index.js';

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
