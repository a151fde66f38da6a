/**
 * Tasks: long-running requests polled for their outcome. Two shapes share
 * these types:
 *
 * - 2025-11-25 core tasks (experimental): a requestor opts in with
 *   `params.task`, gets `{ task }` back, polls `tasks/get`, blocks on
 *   `tasks/result`, may `tasks/list`; either side may be the receiver.
 * - The tasks extension `io.modelcontextprotocol/tasks` (with 2026-07-28):
 *   the server may answer `tools/call` with the task's fields inline and
 *   `resultType: "task"`; the client polls `tasks/get` (which carries the
 *   outcome), answers input with `tasks/update`; `tasks/result` and
 *   `tasks/list` are gone.
 *
 * Where the shapes differ, fields from both are optional and say which has them.
 *
 * @see https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks
 * @module
 */
import type { JsonRpcErrorObject } from '../../jsonrpc/message.js';
import type { NotificationParams, OpenObject, PaginatedParams, PaginatedResult, RequestParams, Result } from './base.js';
import type { InputRequests, InputResponses } from './mrtr.js';
/** The identifier of the tasks extension. */
export type TasksExtensionId = 'io.modelcontextprotocol/tasks';
/** Where a task is; `completed`, `failed` and `cancelled` are terminal. */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';
/** A task's state. */
export interface Task {
    /** The receiver-generated task id. */
    readonly taskId: string;
    /** Current status. */
    readonly status: TaskStatus;
    /** Human-readable detail about the status. */
    readonly statusMessage?: string;
    /** When the task was created, ISO 8601. */
    readonly createdAt: string;
    /** When the task last changed, ISO 8601. */
    readonly lastUpdatedAt: string;
    /** Retention from creation in ms, `null` for unlimited (2025-11-25, required there). */
    readonly ttl?: number | null;
    /** Suggested polling interval in ms (2025-11-25). */
    readonly pollInterval?: number;
    /** Retention from creation in ms, `null` for unlimited (extension, required there). */
    readonly ttlMs?: number | null;
    /** Suggested polling interval in ms (extension). */
    readonly pollIntervalMs?: number;
    /** Every outstanding input request, when `input_required` (extension). */
    readonly inputRequests?: InputRequests;
    /** The original request's result, when `completed` (extension). */
    readonly result?: OpenObject;
    /** The JSON-RPC error the request ended with, when `failed` (extension). */
    readonly error?: JsonRpcErrorObject;
}
/** A requestor's ask to run a request as a task (2025-11-25 `params.task`). */
export interface TaskMetadata {
    /** Requested retention from creation, in ms. */
    readonly ttl?: number;
}
/** Params that may ask for task-augmented execution (2025-11-25). */
export interface TaskAugmentedParams {
    /** Run this request as a task; the answer is then a `CreateTaskResult`. */
    readonly task?: TaskMetadata;
}
/** Ties a message to a task, under `_meta["io.modelcontextprotocol/related-task"]` (2025-11-25). */
export interface RelatedTaskMetadata {
    /** The related task. */
    readonly taskId: string;
}
/** 2025-11-25: the answer to a task-augmented request, the task wrapped in `task`. */
export interface CreateTaskResultCore extends Result {
    /** The created task. */
    readonly task: Task;
}
/** Extension: a task handle answered in place of a result, its fields inline. */
export interface CreateTaskResultExtension extends Result, Task {
    /** Marks the result as a task handle. */
    readonly resultType: 'task';
}
/** What a request run as a task answers at once, in either shape. */
export type CreateTaskResult = CreateTaskResultCore | CreateTaskResultExtension;
/** Params of `tasks/get`. */
export interface GetTaskParams extends RequestParams {
    /** The task to query. */
    readonly taskId: string;
}
/** Result of `tasks/get`: the task's state (with its outcome, in the extension). */
export interface GetTaskResult extends Result, Task {
}
/** Params of `tasks/result` (2025-11-25). */
export interface GetTaskPayloadParams extends RequestParams {
    /** The task whose result to wait for. */
    readonly taskId: string;
}
/** Result of `tasks/result`: exactly the original request's result (2025-11-25). */
export interface GetTaskPayloadResult extends Result {
    /** The original result's members. */
    readonly [key: string]: unknown;
}
/** Params of `tasks/list` (2025-11-25). */
export type ListTasksParams = PaginatedParams;
/** Result of `tasks/list` (2025-11-25). */
export interface ListTasksResult extends PaginatedResult {
    /** One page of tasks. */
    readonly tasks: readonly Task[];
}
/** Params of `tasks/cancel`. */
export interface CancelTaskParams extends RequestParams {
    /** The task to cancel. */
    readonly taskId: string;
}
/** Result of `tasks/cancel`: the cancelled task (2025-11-25), or an empty ack (extension). */
export interface CancelTaskResult extends Result, Partial<Task> {
}
/** Params of `tasks/update`: answers to the task's input requests (extension). */
export interface UpdateTaskParams extends RequestParams {
    /** The task the answers are for. */
    readonly taskId: string;
    /** Answers, keyed like the task's `inputRequests`. */
    readonly inputResponses: InputResponses;
}
/** Result of `tasks/update`: an empty ack (extension). */
export type UpdateTaskResult = Result;
/** Params of `notifications/tasks/status` (2025-11-25) and `notifications/tasks` (extension): the full task state. */
export interface TaskStatusParams extends NotificationParams, Task {
}
/** How a tool takes part in tasks (2025-11-25). */
export interface ToolExecution {
    /** Whether calls may (`optional`), must (`required`) or must not (`forbidden`, default) run as tasks. */
    readonly taskSupport?: 'forbidden' | 'optional' | 'required';
}
//# sourceMappingURL=tasks.d.ts.map