/**
 * Tasks shared by several processes (scale-out): what the task manager needs
 * besides a shared {@link TaskStore} so that a task is reachable wherever a
 * request lands. The store says where a task's handler runs (`node`); this
 * carries what only that process can do (stop the handler, hand it input) and
 * tells every process of each change (so `tasks/result` waiting elsewhere
 * wakes, and listeners hear it). The HTTP layer implements it over its shared
 * stores' message bus.
 *
 * @module
 */
import type { TaskRecord } from './taskStore.js';

/** What one process asks of the process running a task's handler. */
export type TaskMessage =
  /** The task was cancelled (already stored): stop its handler. */
  | { readonly kind: 'cancel'; readonly taskId: string }
  /** Extension: answers to the task's input requests (already checked against its stored `inputRequests`). */
  | { readonly kind: 'answer'; readonly taskId: string; readonly responses: Readonly<Record<string, unknown>> };

/** The processes sharing tasks, as one of them sees the others. */
export interface TaskRemote {
  /** This process's id (stored as the `node` of the tasks it runs). */
  readonly node: string;
  /** Whether process `node` still runs. */
  alive(node: string): Promise<boolean>;
  /** Sends `message` to process `node`. */
  send(node: string, message: TaskMessage): Promise<void>;
  /** Tells the other processes that a task changed (its new record). */
  changed(record: TaskRecord): void;
}

/** The error a task gets when the process running its handler stopped. */
export const ORPHANED_TASK_MESSAGE = 'The server process running the task stopped before it finished; retry the request';
