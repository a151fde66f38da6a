/**
 * Tasks, client side: `client.tasks` (the `tasks/*` methods of the connected
 * era), `client.awaitTask` (poll until the task ends, answering its input
 * requests), and the {@link TaskHandle} `callTool` returns when asked for a
 * task.
 *
 * Waiting polls `tasks/get` at the task's `pollInterval` (2025-11-25) or
 * `pollIntervalMs` (extension). Input a task needs is answered with the
 * client's registered handlers: in the extension, the outstanding
 * `inputRequests` are built in parallel (each key once: keys are never
 * reused) and sent with `tasks/update`; in 2025-11-25 the server sends real
 * requests, and the client calls `tasks/result` as soon as the task needs
 * input, since a Streamable HTTP server may deliver them only on that stream.
 *
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import { RpcError } from '../jsonrpc/rpcError.js';
import { isObject } from '../protocol/check.js';
import { ErrorCode } from '../protocol/errorCodes.js';
import type * as T from '../protocol/types/index.js';
import type { InputResponder } from './inputs.js';
import type { CallOptions } from './options.js';
import { walkPages } from './pagination.js';
import type { ClientSession } from './clientSession.js';

/** What the tasks API needs from the client. */
export interface TaskRequester {
  /** Sends a request through the client's pipeline (checks, `_meta`, result checks). */
  request(method: string, params: object | undefined, options?: CallOptions): Promise<unknown>;
  /** The current session; throws when not connected. */
  session(): ClientSession;
  readonly inputs: InputResponder;
  readonly maxPages: number;
}

/** Options of {@link awaitTask}. */
export interface AwaitTaskOptions {
  /** Stops waiting (the task itself goes on: cancel it with `tasks.cancel`). */
  readonly signal?: AbortSignal;
  /** Receives the task's state after every poll. */
  readonly onStatus?: (task: T.Task) => void;
  /** Time to wait for each poll's response, ms (default: the client's). */
  readonly timeoutMs?: number;
}

/** The `tasks/*` methods, as the connected era has them. */
export class ClientTasks {
  readonly #host: TaskRequester;

  constructor(host: TaskRequester) {
    this.#host = host;
  }

  /** `tasks/get`: the task's state (in the extension, with its result, error or input requests). */
  get(params: T.GetTaskParams, options?: CallOptions): Promise<T.GetTaskResult> {
    return this.#host.request('tasks/get', params, options) as Promise<T.GetTaskResult>;
  }
  /** `tasks/result` (2025-11-25): waits (with no timeout unless given) for the task's own result, or rejects with its error. */
  result(params: T.GetTaskPayloadParams, options?: CallOptions): Promise<T.GetTaskPayloadResult> {
    return this.#host.request('tasks/result', params, { timeoutMs: Infinity, ...options }) as Promise<T.GetTaskPayloadResult>;
  }
  /** One page of `tasks/list` (2025-11-25). */
  list(params?: T.ListTasksParams, options?: CallOptions): Promise<T.ListTasksResult> {
    return this.#host.request('tasks/list', params, options) as Promise<T.ListTasksResult>;
  }
  /** Every task, page by page (2025-11-25). */
  all(options?: CallOptions): AsyncGenerator<T.Task, void, undefined> {
    const fetch = async (cursor: string | undefined) => {
      const page = await this.list(cursor === undefined ? undefined : { cursor }, options);
      return { items: page.tasks, nextCursor: page.nextCursor };
    };
    return walkPages('tasks/list', fetch, this.#host.maxPages);
  }
  /** `tasks/cancel`: the cancelled task (2025-11-25) or an empty ack (extension). */
  cancel(params: T.CancelTaskParams, options?: CallOptions): Promise<T.CancelTaskResult> {
    return this.#host.request('tasks/cancel', params, options) as Promise<T.CancelTaskResult>;
  }
  /** `tasks/update` (extension): answers some of the task's input requests. */
  update(params: T.UpdateTaskParams, options?: CallOptions): Promise<T.UpdateTaskResult> {
    return this.#host.request('tasks/update', params, options) as Promise<T.UpdateTaskResult>;
  }
}

/** Waits until task `taskId` ends and resolves with the result of the call it runs; rejects with its error. */
export function awaitTask(host: TaskRequester, taskId: string, options: AwaitTaskOptions = {}): Promise<T.CallToolResult> {
  return host.session().era === 'stateless' ? awaitExtension(host, taskId, options) : awaitCore(host, taskId, options);
}

const TERMINAL: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled']);

async function awaitExtension(host: TaskRequester, taskId: string, options: AwaitTaskOptions): Promise<T.CallToolResult> {
  const answered = new Set<string>();
  for (;;) {
    const task = await poll(host, taskId, options);
    if (task.status === 'completed') {
      if (!isObject(task.result)) throw new LocalError('PROTOCOL_VIOLATION', `Task ${taskId} completed without a result`);
      return task.result as unknown as T.CallToolResult;
    }
    if (task.status === 'failed')
      throw RpcError.fromObject(
        task.error ?? { code: ErrorCode.InternalError, message: task.statusMessage ?? `Task ${taskId} failed` },
      );
    if (task.status === 'cancelled') throw cancelled(taskId);
    if (task.status === 'input_required') await answer(host, taskId, task.inputRequests ?? {}, answered, options);
    await sleep(intervalOf(task), options.signal);
  }
}

/** Builds every input request not answered yet, in parallel, and sends them in one `tasks/update`. */
async function answer(
  host: TaskRequester,
  taskId: string,
  requests: T.InputRequests,
  answered: Set<string>,
  options: AwaitTaskOptions,
): Promise<void> {
  const fresh = Object.entries(requests).filter(([key]) => !answered.has(key));
  if (fresh.length === 0) return;
  for (const [key] of fresh) answered.add(key);
  const context = host.session().inputContext(options.signal ?? NEVER);
  const answers = await Promise.all(fresh.map(([, request]) => host.inputs.answer(request.method, request.params, context)));
  const inputResponses: Record<string, T.InputResponse> = {};
  fresh.forEach(([key], i) => {
    inputResponses[key] = answers[i] as T.InputResponse;
  });
  await host.request('tasks/update', { taskId, inputResponses }, callOptions(options));
}

async function awaitCore(host: TaskRequester, taskId: string, options: AwaitTaskOptions): Promise<T.CallToolResult> {
  let result: Promise<unknown> | undefined;
  for (;;) {
    const task = await poll(host, taskId, options);
    if (task.status === 'cancelled') throw cancelled(taskId);
    // Needing input: the server may deliver its requests only on the tasks/result stream, so open it now.
    if (result === undefined && (task.status === 'input_required' || TERMINAL.has(task.status))) {
      result = host.request('tasks/result', { taskId }, { ...callOptions(options), timeoutMs: Infinity });
      // Read below (or dropped when the wait stops first).
      result.catch(() => undefined);
    }
    if (TERMINAL.has(task.status)) return (await result) as T.CallToolResult;
    const pending = result;
    const ended = await Promise.race([
      sleep(intervalOf(task), options.signal).then(() => false),
      ...(pending === undefined ? [] : [pending.then(() => true)]),
    ]);
    if (ended) return (await pending) as T.CallToolResult;
  }
}

async function poll(host: TaskRequester, taskId: string, options: AwaitTaskOptions): Promise<T.Task> {
  if (options.signal?.aborted === true)
    throw new LocalError('CANCELLED', `Stopped waiting for task ${taskId}`, { cause: options.signal.reason });
  const task = (await host.request('tasks/get', { taskId }, callOptions(options))) as T.Task;
  options.onStatus?.(task);
  return task;
}

function callOptions(options: AwaitTaskOptions): CallOptions {
  return {
    ...(options.signal !== undefined && { signal: options.signal }),
    ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
  };
}

/** The polling interval the server suggests (default 1 s; never below 10 ms). */
function intervalOf(task: T.Task): number {
  const suggested = task.pollIntervalMs ?? task.pollInterval;
  return typeof suggested === 'number' && Number.isFinite(suggested) ? Math.max(10, suggested) : 1_000;
}

function cancelled(taskId: string): LocalError {
  return new LocalError('CANCELLED', `Task ${taskId} was cancelled`);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(new LocalError('CANCELLED', 'Stopped waiting for the task', { cause: signal.reason }));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new LocalError('CANCELLED', 'Stopped waiting for the task', { cause: signal?.reason }));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A signal that never fires, for input handlers of waits made without one. */
const NEVER: AbortSignal = new AbortController().signal;

/** A task a `callTool` created: its first state, and how to follow it. */
export class TaskHandle {
  /** The task's id. */
  readonly taskId: string;
  /** The task as the server created it. */
  readonly task: T.Task;
  readonly #tasks: ClientTasks;
  readonly #wait: (options: AwaitTaskOptions) => Promise<T.CallToolResult>;

  constructor(task: T.Task, tasks: ClientTasks, wait: (options: AwaitTaskOptions) => Promise<T.CallToolResult>) {
    this.taskId = task.taskId;
    this.task = task;
    this.#tasks = tasks;
    this.#wait = wait;
  }

  /** The task's current state. */
  get(options?: CallOptions): Promise<T.GetTaskResult> {
    return this.#tasks.get({ taskId: this.taskId }, options);
  }

  /** Waits for the tool's result (checked against its output schema), answering input requests on the way. */
  result(options?: AwaitTaskOptions): Promise<T.CallToolResult> {
    return this.#wait(options ?? {});
  }

  /** Cancels the task. */
  cancel(options?: CallOptions): Promise<T.CancelTaskResult> {
    return this.#tasks.cancel({ taskId: this.taskId }, options);
  }
}
