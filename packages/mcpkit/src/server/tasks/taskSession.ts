/**
 * What tasks need of the session a 2025-11-25 task was created on: its
 * connection (the task's input requests, progress and log messages travel
 * over it), a way to send the optional status notification, and its
 * identity (without auth, a task belongs to its session). A `ServerSession`
 * is one; the tasks code names only this, so it does not depend on the
 * session that depends on it.
 *
 * @module
 */
import type { Connection } from '../../jsonrpc/connection.js';

/** The session a task was created on, as the task sees it. */
export interface TaskSession {
  /** The session's id, where it has one (Streamable HTTP): its tasks are owned by it in every process. */
  readonly sessionId?: string | undefined;
  /** The connection of the session. */
  readonly connection: Connection;
  /** Sends a notification unrelated to any request (the optional `notifications/tasks/status`). */
  notify(method: string, params?: Record<string, unknown>): void;
}
