/**
 * Recognizing a task handle where a `tools/call` result was expected, in
 * either shape: `{ task }` (2025-11-25, only when the call asked for a task)
 * or the task's fields inline with `resultType: "task"` (the tasks extension,
 * whenever the client declared it).
 *
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import { isObject } from '../protocol/check.js';
import { createTaskResult } from '../protocol/messageChecks.js';
import type { Task } from '../protocol/types/index.js';

/** True if `result` of `method` (sent with `params`) is a task handle rather than the result itself. */
export function isTaskResult(method: string, params: Readonly<Record<string, unknown>>, result: unknown): boolean {
  if (method !== 'tools/call' || !isObject(result)) return false;
  if (result['resultType'] === 'task') return true;
  return params['task'] !== undefined && isObject(result['task']) && !('content' in result);
}

/** The task a handle describes, in one shape whichever the server used; a malformed handle is a `PROTOCOL_VIOLATION`. */
export function taskOf(result: unknown): Task {
  const issue = createTaskResult(result, 'result');
  if (issue !== undefined) throw new LocalError('PROTOCOL_VIOLATION', `Malformed task handle: ${issue}`);
  const handle = result as Readonly<Record<string, unknown>>;
  if (isObject(handle['task'])) return handle['task'] as unknown as Task;
  const { resultType: _type, _meta: _meta, ...task } = handle;
  return task as unknown as Task;
}
