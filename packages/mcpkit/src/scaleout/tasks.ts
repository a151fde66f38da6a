/**
 * Tasks across processes (scale-out): the server's tasks go to the shared
 * store's task store, each stamped with the process running its handler, and
 * the message bus carries the rest. `P task:<node>` brings a process what
 * only it can do for its tasks (a cancellation to stop the handler, extension
 * input answers); `P tasks` tells every process of each change, which wakes
 * a `tasks/result` waiting elsewhere and reaches its listeners. A task whose
 * process stopped is failed by whoever reads it (the liveness keys of the
 * processes, as for streams).
 *
 * @module
 */
import type { TaskManager, TaskMessage, TaskRecord, TaskRemote } from '../server/index.js';
import type { SharedStore } from './store.js';

const CHANGES = 'tasks';

interface Change {
  readonly from: string;
  readonly record: TaskRecord;
}

/** Which process (store node) a server's tasks were shared through: one per server, the first handler's. */
const sharedBy = new WeakMap<TaskManager, string>();

/**
 * Shares `tasks` through `store` (at once, before any request is served),
 * then subscribes to what other processes send; resolves with the
 * unsubscribers. Does nothing when the store keeps no tasks or the server
 * has a task store of its own.
 */
export async function shareTasks(store: SharedStore, tasks: TaskManager): Promise<(() => void)[]> {
  const shared = store.tasks;
  if (shared === undefined) return [];
  if (!sharedBy.has(tasks)) {
    if (!tasks.share(shared, busRemote(store))) return [];
    sharedBy.set(tasks, store.node);
  }
  if (sharedBy.get(tasks) !== store.node) return [];
  return listen(store, tasks);
}

/** The other processes as the task manager sees them: liveness from the store, messages over its bus. */
export function busRemote(store: SharedStore): TaskRemote {
  return {
    node: store.node,
    alive: (node) => store.alive(node),
    send: (node, message) => store.bus.publish(`task:${node}`, JSON.stringify(message)),
    changed: (record) => {
      const change: Change = { from: store.node, record };
      store.bus.publish(CHANGES, JSON.stringify(change)).catch(() => undefined);
    },
  };
}

/** Hands `tasks` what the other processes send this one: messages for its tasks, and every change elsewhere. */
async function listen(store: SharedStore, tasks: Pick<TaskManager, 'receive' | 'changedElsewhere'>): Promise<(() => void)[]> {
  const offs: (() => void)[] = [];
  try {
    offs.push(
      await store.bus.subscribe(`task:${store.node}`, (raw) => {
        const message = parse<TaskMessage>(raw);
        if (message !== undefined && typeof message.taskId === 'string') tasks.receive(message);
      }),
    );
    offs.push(
      await store.bus.subscribe(CHANGES, (raw) => {
        const change = parse<Change>(raw);
        if (change !== undefined && change.from !== store.node && isTaskRecord(change.record))
          tasks.changedElsewhere(change.record);
      }),
    );
  } catch (error) {
    for (const off of offs) off();
    throw error;
  }
  return offs;
}

/** A bus message is JSON from another process: checked before it reaches the task manager. */
function isTaskRecord(value: unknown): value is TaskRecord {
  return typeof value === 'object' && value !== null && typeof (value as { taskId?: unknown }).taskId === 'string';
}

function parse<T>(raw: string): T | undefined {
  try {
    const value = JSON.parse(raw) as unknown;
    return typeof value === 'object' && value !== null ? (value as T) : undefined;
  } catch {
    return undefined;
  }
}
