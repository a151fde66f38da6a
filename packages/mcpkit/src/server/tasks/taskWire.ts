/**
 * A stored task as each protocol shows it: the 2025-11-25 `Task` (`ttl`,
 * `pollInterval`), and the extension's `DetailedTask` (`ttlMs`,
 * `pollIntervalMs`, with the outstanding input requests, the result or the
 * error inline).
 *
 * @module
 */
import { META_RELATED_TASK } from '../../protocol/meta.js';
import type { GetTaskResult } from '../../protocol/types/index.js';
import type { TaskRecord } from './taskStore.js';

function base(record: TaskRecord): Record<string, unknown> {
  return {
    taskId: record.taskId,
    status: record.status,
    ...(record.statusMessage !== undefined && { statusMessage: record.statusMessage }),
    createdAt: new Date(record.createdAt).toISOString(),
    lastUpdatedAt: new Date(record.lastUpdatedAt).toISOString(),
  };
}

/** 2025-11-25: the `Task` of `tasks/get`, `tasks/list`, `tasks/cancel` and `notifications/tasks/status`. */
export function coreTask(record: TaskRecord): GetTaskResult {
  return { ...base(record), ttl: record.ttlMs, pollInterval: record.pollIntervalMs } as unknown as GetTaskResult;
}

/** Extension: the task's fields as `tools/call` answers them (`resultType: "task"`), without its outcome. */
export function extensionTaskHandle(record: TaskRecord): Record<string, unknown> {
  return { resultType: 'task', ...base(record), ttlMs: record.ttlMs, pollIntervalMs: record.pollIntervalMs };
}

/** Extension: the `DetailedTask` of `tasks/get` and `notifications/tasks`, its outcome or outstanding input inline. */
export function detailedTask(record: TaskRecord): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base(record), ttlMs: record.ttlMs, pollIntervalMs: record.pollIntervalMs };
  if (record.status === 'input_required') out['inputRequests'] = record.inputRequests ?? {};
  else if (record.status === 'completed' && record.result !== undefined) out['result'] = record.result;
  else if (record.status === 'failed' && record.error !== undefined) out['error'] = record.error;
  return out;
}

/** The `_meta` entry that ties a message to a task (2025-11-25). */
export function relatedTask(taskId: string): Record<string, unknown> {
  return { [META_RELATED_TASK]: { taskId } };
}

/** `params` with the related-task `_meta` added (2025-11-25). */
export function withRelatedTask(params: Readonly<Record<string, unknown>> | undefined, taskId: string): Record<string, unknown> {
  const meta = params?.['_meta'];
  const own = typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>) : {};
  return { ...params, _meta: { ...own, ...relatedTask(taskId) } };
}
