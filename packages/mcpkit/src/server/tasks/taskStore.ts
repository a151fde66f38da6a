/**
 * Where tasks live: a {@link TaskStore} holds each task's state (what
 * `tasks/get` reports), and {@link MemoryTaskStore} is the in-process one,
 * bounded and expiring each task when its TTL has passed.
 *
 * The store is the durable half of a task; the running handler, its signal and
 * its waiters stay in the process that created it (`tasks.ts`).
 *
 * @module
 */
import type { JsonRpcErrorObject } from '../../jsonrpc/message.js';
import { RpcError } from '../../jsonrpc/rpcError.js';
import type { InputRequests, TaskStatus } from '../../protocol/types/index.js';

/** Which protocol created a task, and so which methods and wire shape reach it. */
export type TaskFlavor =
  /** 2025-11-25 core tasks (`params.task`, `tasks/result`, `tasks/list`). */
  | 'core'
  /** The `io.modelcontextprotocol/tasks` extension (2026-07-28). */
  | 'extension';

/** A task's state, as stored. Times are ms since the epoch. */
export interface TaskRecord {
  readonly taskId: string;
  /** Who may see it: a principal, a session (handshake era without auth), or `''` (anonymous). */
  readonly owner: string;
  readonly flavor: TaskFlavor;
  readonly status: TaskStatus;
  readonly statusMessage?: string;
  readonly createdAt: number;
  readonly lastUpdatedAt: number;
  /** Retention from creation. */
  readonly ttlMs: number;
  /** Suggested polling interval. */
  readonly pollIntervalMs: number;
  /** Extension: every outstanding input request, while `input_required`. */
  readonly inputRequests?: InputRequests;
  /** The request's result, once it completed (2025-11-25: also a tool's `isError` result, status `failed`). */
  readonly result?: Readonly<Record<string, unknown>>;
  /** The JSON-RPC error the request ended with (status `failed`). */
  readonly error?: JsonRpcErrorObject;
  /** Scale-out: the process running the handler (absent when tasks are not shared). */
  readonly node?: string;
}

/** A change to a task; `undefined` removes an optional field. */
export interface TaskPatch {
  readonly status?: TaskStatus;
  readonly statusMessage?: string | undefined;
  readonly inputRequests?: InputRequests | undefined;
  readonly result?: Readonly<Record<string, unknown>> | undefined;
  readonly error?: JsonRpcErrorObject | undefined;
  readonly lastUpdatedAt: number;
}

/**
 * Task state storage. Implementations keep two rules: a record past
 * `createdAt + ttlMs` may vanish (`get` returns undefined), and a terminal
 * record (`completed`, `failed`, `cancelled`) never changes again, so a late
 * outcome cannot overwrite a cancellation even across processes.
 */
export interface TaskStore {
  /** Stores a new task; rejects (e.g. with -32603) when the store is full. */
  create(record: TaskRecord): Promise<void>;
  /** The task, unless it is unknown or expired. */
  get(taskId: string): Promise<TaskRecord | undefined>;
  /** Applies `patch` unless the task is terminal; resolves with the record as it now is (undefined if unknown). */
  update(taskId: string, patch: TaskPatch): Promise<TaskRecord | undefined>;
  /** The live tasks of `owner`, oldest first. */
  list(owner: string): Promise<readonly TaskRecord[]>;
}

/**
 * True for `completed`, `failed` and `cancelled`.
 *
 * @internal Shared with `mcpkit/redis`'s task store; not part of the published API.
 */
export function isTerminal(status: TaskStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/** Options of a {@link MemoryTaskStore}. */
export interface MemoryTaskStoreOptions {
  /** The most tasks kept (default 10 000); creating more is refused until some expire. */
  readonly maxTasks?: number;
  /** The clock, for tests. */
  readonly now?: () => number;
}

/** An in-process {@link TaskStore}: bounded, each task dropped once its TTL has passed. */
export class MemoryTaskStore implements TaskStore {
  readonly #tasks = new Map<string, TaskRecord>();
  readonly #max: number;
  readonly #now: () => number;

  constructor(options: MemoryTaskStoreOptions = {}) {
    this.#max = options.maxTasks ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  create(record: TaskRecord): Promise<void> {
    if (this.#tasks.size >= this.#max) this.#sweep();
    // Refused rather than evicting: a task must stay readable for its whole TTL.
    if (this.#tasks.size >= this.#max) return Promise.reject(RpcError.internal('Too many tasks: try again later'));
    this.#tasks.set(record.taskId, record);
    return Promise.resolve();
  }

  get(taskId: string): Promise<TaskRecord | undefined> {
    return Promise.resolve(this.#live(taskId));
  }

  update(taskId: string, patch: TaskPatch): Promise<TaskRecord | undefined> {
    const record = this.#live(taskId);
    if (record === undefined || isTerminal(record.status)) return Promise.resolve(record);
    const next = applyPatch(record, patch);
    this.#tasks.set(taskId, next);
    return Promise.resolve(next);
  }

  list(owner: string): Promise<readonly TaskRecord[]> {
    this.#sweep();
    return Promise.resolve([...this.#tasks.values()].filter((r) => r.owner === owner));
  }

  /** How many tasks are stored (expired ones included until swept). */
  get size(): number {
    return this.#tasks.size;
  }

  #live(taskId: string): TaskRecord | undefined {
    const record = this.#tasks.get(taskId);
    if (record === undefined) return undefined;
    if (record.createdAt + record.ttlMs > this.#now()) return record;
    this.#tasks.delete(taskId);
    return undefined;
  }

  #sweep(): void {
    const now = this.#now();
    for (const [id, record] of this.#tasks) if (record.createdAt + record.ttlMs <= now) this.#tasks.delete(id);
  }
}

/**
 * `record` with `patch` applied (an `undefined` field removes it).
 *
 * @internal Shared with `mcpkit/redis`'s task store; not part of the published API.
 */
export function applyPatch(record: TaskRecord, patch: TaskPatch): TaskRecord {
  const merged: Record<string, unknown> = { ...record, ...patch };
  return Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)) as unknown as TaskRecord;
}
