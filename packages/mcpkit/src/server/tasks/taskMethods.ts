/**
 * The `tasks/*` methods, per protocol. A task is found only by its owner and
 * only through the protocol that created it; anything else is -32602 "not
 * found", never "not yours".
 *
 * - 2025-11-25: `tasks/get`, `tasks/result` (blocks until the task ends, then
 *   answers exactly what the call would have, with the related-task `_meta`),
 *   `tasks/list` (paginated), `tasks/cancel` (-32602 once terminal; answers
 *   the cancelled task).
 * - Extension: `tasks/get` (the `DetailedTask`), `tasks/update` (answers
 *   input requests; keys not outstanding are ignored), `tasks/cancel` (an
 *   empty ack, terminal or not). A client without the extension gets -32021.
 *
 * @module
 */
import type { RequestContext } from '../../jsonrpc/incoming.js';
import { RpcError } from '../../jsonrpc/rpcError.js';
import { isObject } from '../../protocol/check.js';
import { ErrorCode } from '../../protocol/errorCodes.js';
import { hasExtension, TASKS_EXTENSION } from '../../protocol/methods.js';
import type { ClientCapabilities, ListTasksResult, SubscriptionFilter } from '../../protocol/types/index.js';
import type { ServerContext } from '../context.js';
import type { MethodHandler } from '../middleware.js';
import { paginate } from '../pagination.js';
import type { Sealer } from '../seal.js';
import type { TaskSession } from './taskSession.js';
import { missingTasksExtension, ownerOf } from './taskCall.js';
import { abortable, taskNotFound } from './taskLive.js';
import type { TaskManager } from './taskManager.js';
import { isTerminal, type TaskFlavor, type TaskRecord } from './taskStore.js';
import { coreTask, detailedTask, relatedTask } from './taskWire.js';

/** What the task methods need from the server. */
export interface TaskMethodServices {
  readonly tasks: TaskManager;
  readonly sealer: Sealer;
  readonly pageSize: number;
  offers(path: string): boolean;
}

async function find(host: TaskMethodServices, taskId: unknown, owner: string, flavor: TaskFlavor): Promise<TaskRecord> {
  const id = String(taskId);
  const record = await host.tasks.read(id);
  if (record === undefined || record.owner !== owner || record.flavor !== flavor) throw taskNotFound(id);
  return record;
}

/** 2025-11-25: the handler of a `tasks/*` method on `session`, or undefined for other methods. */
export function coreTaskMethod(
  host: TaskMethodServices,
  method: string,
  session: TaskSession,
  rpc: RequestContext,
): MethodHandler | undefined {
  switch (method) {
    case 'tasks/get':
      return async ({ params }, ctx) => coreTask(await find(host, params['taskId'], ownerOf(ctx.principal, session), 'core'));
    case 'tasks/result':
      return ({ params }, ctx) =>
        result(host, String(params['taskId']), ownerOf(ctx.principal, session), session, rpc, ctx.signal);
    case 'tasks/list':
      return async ({ params }, ctx): Promise<ListTasksResult> => {
        const owner = ownerOf(ctx.principal, session);
        const mine = (await host.tasks.list(owner)).filter((r) => r.flavor === 'core');
        const page = await paginate(mine, params['cursor'], host.pageSize, 'tasks', host.sealer);
        const tasks = page.items.map(coreTask);
        return page.nextCursor === undefined ? { tasks } : { tasks, nextCursor: page.nextCursor };
      };
    case 'tasks/cancel':
      return async ({ params }, ctx) => {
        const record = await find(host, params['taskId'], ownerOf(ctx.principal, session), 'core');
        if (isTerminal(record.status))
          throw RpcError.invalidParams(`Cannot cancel task: already in terminal status '${record.status}'`);
        return coreTask((await host.tasks.cancel(record)) ?? record);
      };
    default:
      return undefined;
  }
}

/** `tasks/result`: waits for the end, then answers the call's own result or error, tied to the task. */
async function result(
  host: TaskMethodServices,
  taskId: string,
  owner: string,
  session: TaskSession,
  rpc: RequestContext,
  signal: AbortSignal,
): Promise<Readonly<Record<string, unknown>>> {
  let record = await find(host, taskId, owner, 'core');
  while (!isTerminal(record.status)) {
    const live = host.tasks.live(taskId);
    if (live !== undefined) {
      // While this request waits, its response stream carries the task's input requests (Streamable HTTP).
      const done = live.session === session ? live.waiting(rpc.id) : () => undefined;
      try {
        record = (await abortable(live.settled, signal)) ?? (await find(host, taskId, owner, 'core'));
      } finally {
        done();
      }
    } else {
      // Running in another process (a shared store): woken by its changes, polled at its interval.
      await host.tasks.changed(taskId, record.pollIntervalMs, signal);
      record = await find(host, taskId, owner, 'core');
    }
  }
  if (record.error !== undefined) throw RpcError.fromObject(record.error);
  if (record.result === undefined) throw new RpcError(ErrorCode.InternalError, `Task ${taskId} was cancelled: it has no result`);
  const meta = isObject(record.result['_meta']) ? record.result['_meta'] : {};
  return { ...record.result, _meta: { ...meta, ...relatedTask(taskId) } };
}

/** Extension: the handler of a `tasks/*` method for a client with `capabilities`, or undefined for other methods. */
export function extensionTaskMethod(
  host: TaskMethodServices,
  method: string,
  capabilities: ClientCapabilities,
): MethodHandler | undefined {
  if (method !== 'tasks/get' && method !== 'tasks/update' && method !== 'tasks/cancel') return undefined;
  return async ({ params }, ctx) => {
    if (!host.offers('tasks')) throw RpcError.methodNotFound(method);
    if (!hasExtension(capabilities, TASKS_EXTENSION)) throw missingTasksExtension(method);
    const record = await find(host, params['taskId'], ownerOf(ctx.principal, undefined), 'extension');
    if (method === 'tasks/get') return detailedTask(record);
    if (method === 'tasks/cancel') {
      // Cooperative and idempotent: an empty ack, whatever the status.
      if (!isTerminal(record.status)) await host.tasks.cancel(record);
      return {};
    }
    const live = host.tasks.live(record.taskId);
    const responses = params['inputResponses'];
    if (!isObject(responses)) return {};
    if (live !== undefined) {
      live.answer(responses);
      // Acknowledged once the store shows it: a tasks/get right after sees only what is still outstanding.
      await host.tasks.flush(live);
    } else if (record.status === 'input_required') {
      // Its handler runs in another process (scale-out): the answers go there.
      await host.tasks.answerElsewhere(record, responses);
    }
    return {};
  };
}

/** `subscriptions/listen` asking for `taskIds` needs the tasks extension (-32021 otherwise). */
export function assertTaskListen(filter: SubscriptionFilter, capabilities: ClientCapabilities): void {
  if (filter.taskIds !== undefined && !hasExtension(capabilities, TASKS_EXTENSION))
    throw missingTasksExtension('Listening to task notifications');
}

/** Delivers `notifications/tasks` (the `DetailedTask`) for the listened-to tasks the listener may see. */
export function taskListener(
  taskIds: readonly string[] | undefined,
  ctx: ServerContext,
  send: (method: string, params: Record<string, unknown>) => void,
): (task: TaskRecord) => void {
  if (taskIds === undefined || taskIds.length === 0) return () => undefined;
  const wanted = new Set(taskIds);
  const owner = ownerOf(ctx.principal, undefined);
  return (task) => {
    if (wanted.has(task.taskId) && task.flavor === 'extension' && task.owner === owner)
      send('notifications/tasks', detailedTask(task));
  };
}
