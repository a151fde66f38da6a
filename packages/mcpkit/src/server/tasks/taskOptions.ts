/**
 * How tasks are configured and what the `TaskManager` is given and
 * reports: the types shared by the manager, the server's options and the
 * protocol faces (`taskCall.ts`, `taskMethods.ts`).
 *
 * @module
 */
import type { JsonRpcErrorObject } from '../../jsonrpc/message.js';
import type { TaskSession } from './taskSession.js';
import type { TaskFlavor, TaskRecord, TaskStore } from './taskStore.js';

/**
 * When a call of a task-capable tool becomes a task, in the extension
 * (2026-07-28), where the server decides:
 * - `auto`: the call runs like any other for `graceMs` (input it asks for in
 *   that time is gathered by MRTR rounds, before any task exists); if the
 *   handler is still working after that, and not waiting for input, the call
 *   becomes a task (the same handler goes on; nothing is replayed). A
 *   `required` tool that finished within the grace still answers a (finished)
 *   task; an `optional` one answers its result, and so does one whose owner
 *   has no room for another unfinished task.
 * - `immediate`: the task is created before the handler runs, and every input
 *   it asks for is a task input request.
 */
export type TaskStart = 'auto' | 'immediate';

/** How tasks are configured (`ServerOptions.tasks`). */
export interface TaskOptions {
  /** Where task state lives (default: a `MemoryTaskStore` of at most 10 000 tasks). */
  readonly store?: TaskStore;
  /** Retention of a task from its creation, ms, when the client asks none (default 1 hour). */
  readonly defaultTtlMs?: number;
  /** The longest retention granted, ms (default 24 hours). */
  readonly maxTtlMs?: number;
  /** The polling interval suggested to clients, ms (default 1 000). */
  readonly pollIntervalMs?: number;
  /** The most unfinished tasks one owner may have; more calls are refused with -32603 (default 100). */
  readonly maxActivePerOwner?: number;
  /** Extension: when calls of tools without their own `taskStart` become tasks (default `auto`). */
  readonly start?: TaskStart;
  /**
   * Extension, `auto` start: how long a call runs as an ordinary call before it
   * becomes a task, ms (default 100; 0: one event-loop turn). Calls that finish
   * sooner spare the client its polling.
   */
  readonly graceMs?: number;
}

/** How a request ended: its result, or the JSON-RPC error it failed with. */
export type TaskOutcome = { readonly result: Readonly<Record<string, unknown>> } | { readonly error: JsonRpcErrorObject };

/** What a new task needs. */
export interface OpenTask {
  readonly owner: string;
  readonly flavor: TaskFlavor;
  /** The retention the client asked for (2025-11-25), clamped to `maxTtlMs`. */
  readonly ttlMs?: number | undefined;
  /** The session it was created on (2025-11-25). */
  readonly session?: TaskSession | undefined;
  /** The outcome, when the request already finished (the task is created terminal). */
  readonly outcome?: TaskOutcome | undefined;
}

/** Where the manager reports task changes (subscription streams). */
export interface TaskEventSink {
  taskChanged(record: TaskRecord): void;
}
