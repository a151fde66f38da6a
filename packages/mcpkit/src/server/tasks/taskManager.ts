/**
 * Tasks on the server: the {@link TaskManager} creates tasks (128-bit random
 * ids, bound to their owner), runs their handlers in the background, writes
 * every change of state to the {@link TaskStore} in order, and ends them on
 * outcome, cancellation, expiry or shutdown.
 *
 * The protocol faces are elsewhere: `taskCall.ts` decides when a `tools/call`
 * becomes a task, `taskMethods.ts` serves `tasks/*`, `taskInputs.ts` carries a
 * task handler's input requests.
 *
 * @see 2025-11-25 `basic/utilities/tasks.mdx`; the `io.modelcontextprotocol/tasks` extension
 * @module
 */
import type { JsonRpcErrorObject } from '../../jsonrpc/message.js';
import { RpcError, toRpcError } from '../../jsonrpc/rpcError.js';
import type { TaskStatus } from '../../protocol/types/index.js';
import { toBase64Url } from '../../protocol/base64.js';
import type { OpenTask, TaskEventSink, TaskOptions, TaskOutcome, TaskStart } from './taskOptions.js';
import { LiveTask, taskEnded } from './taskLive.js';
import { TaskWaiters } from './taskWaiters.js';
import { isTerminal, MemoryTaskStore, type TaskFlavor, type TaskPatch, type TaskRecord, type TaskStore } from './taskStore.js';
import { coreTask } from './taskWire.js';
import { ORPHANED_TASK_MESSAGE, type TaskMessage, type TaskRemote } from './taskRemote.js';
import { checkAnswer } from '../inputs.js';
import type { InputMethods } from '../context.js';

const MAX_TIMER_MS = 2 ** 31 - 1;

/** How long a `tasks/update` answered in another process waits for the task to show it, ms. */
const ANSWER_WAIT_MS = 2_000;

function unref(timer: unknown): void {
  (timer as { unref?: () => void }).unref?.();
}

/** Creates, runs, and ends tasks. */
export class TaskManager {
  #store: TaskStore;
  /** False when the application gave its own store (sharing leaves it alone). */
  readonly #defaultStore: boolean;
  #remote: TaskRemote | undefined;
  /** Who waits for a change of a task running elsewhere (`tasks/result`, `tasks/update`). */
  readonly #waiters = new TaskWaiters();
  /** Extension: the default start of task-capable calls. */
  readonly start: TaskStart;
  /** Extension: the grace of `auto` starts, ms. */
  readonly graceMs: number;
  readonly #live = new Map<string, LiveTask>();
  readonly #sink: TaskEventSink;
  readonly #exposeErrorDetails: boolean;
  readonly #defaultTtl: number;
  readonly #maxTtl: number;
  readonly #poll: number;
  readonly #maxActive: number;

  constructor(options: TaskOptions, sink: TaskEventSink, exposeErrorDetails: boolean) {
    this.#store = options.store ?? new MemoryTaskStore();
    this.#defaultStore = options.store === undefined;
    this.start = options.start ?? 'auto';
    this.graceMs = options.graceMs ?? 100;
    this.#maxTtl = options.maxTtlMs ?? 24 * 60 * 60_000;
    this.#defaultTtl = Math.min(options.defaultTtlMs ?? 60 * 60_000, this.#maxTtl);
    this.#poll = options.pollIntervalMs ?? 1_000;
    this.#maxActive = options.maxActivePerOwner ?? 100;
    this.#sink = sink;
    this.#exposeErrorDetails = exposeErrorDetails;
  }

  /** Where task state lives. */
  get store(): TaskStore {
    return this.#store;
  }

  /**
   * Scale-out: keeps tasks in `store`, shared with the other processes that
   * `remote` reaches, unless the application gave a store of its own (then
   * nothing changes). Call it before the first task; returns whether tasks
   * are now shared. Only the first call takes effect.
   */
  share(store: TaskStore, remote: TaskRemote): boolean {
    if (this.#remote !== undefined || !this.#defaultStore) return false;
    this.#store = store;
    this.#remote = remote;
    return true;
  }

  /** Scale-out: another process asks something of a task running here. */
  receive(message: TaskMessage): void {
    const live = this.#live.get(message.taskId);
    if (live === undefined) return;
    if (message.kind === 'cancel') {
      // Already stored as cancelled by the asker: the write below is refused by the terminal rule, the handler stops.
      void this.cancel(live.record).catch(() => undefined);
      return;
    }
    try {
      live.answer(message.responses);
    } catch {
      // Checked by the asker against the stored requests; nothing else to tell.
    }
  }

  /** Scale-out: another process changed a task. */
  changedElsewhere(record: TaskRecord): void {
    this.#sink.taskChanged(record);
    this.#waiters.wake(record.taskId);
  }

  /**
   * The stored task, unless unknown or expired. A task whose handler ran in
   * a process that stopped is failed first (once, whoever notices), so it
   * never stays `working` forever.
   */
  async read(taskId: string): Promise<TaskRecord | undefined> {
    const record = await this.#store.get(taskId);
    return record === undefined ? undefined : this.#orphanCheck(record, new Map());
  }

  /** The live tasks of `owner`, oldest first (orphans failed, as in {@link read}). */
  async list(owner: string): Promise<readonly TaskRecord[]> {
    const records = await this.#store.list(owner);
    const alive = new Map<string, Promise<boolean>>();
    return Promise.all(records.map((r) => this.#orphanCheck(r, alive)));
  }

  /** Resolves when task `taskId` changes in any process, or after `ms`; rejects when `signal` fires. */
  changed(taskId: string, ms: number, signal: AbortSignal): Promise<void> {
    return this.#waiters.next(taskId, ms, signal);
  }

  /**
   * Extension, scale-out: hands `responses` to the process running the task.
   * They are checked here against the stored input requests (-32602 for a
   * malformed answer, nothing sent); resolves once the task changed (or after
   * a short wait), so a `tasks/get` right after sees the answer taken.
   */
  async answerElsewhere(record: TaskRecord, responses: Readonly<Record<string, unknown>>): Promise<void> {
    const node = record.node;
    const requests = (record.inputRequests ?? {}) as Readonly<Record<string, { readonly method?: unknown }>>;
    const relevant: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(responses)) {
      const method = requests[key]?.method;
      if (typeof method === 'string') relevant[key] = checkAnswer(method as keyof InputMethods, value, `inputResponses.${key}`);
    }
    if (node === undefined || this.#remote === undefined || Object.keys(relevant).length === 0) return;
    const signal = new AbortController().signal;
    const changed = this.changed(record.taskId, ANSWER_WAIT_MS, signal);
    await this.#remote.send(node, { kind: 'answer', taskId: record.taskId, responses: relevant });
    await changed;
  }

  /** The running task `taskId`, if its handler runs in this process. */
  live(taskId: string): LiveTask | undefined {
    return this.#live.get(taskId);
  }

  /** True unless `owner` already has the most unfinished tasks allowed. */
  hasRoom(owner: string): boolean {
    let active = 0;
    for (const live of this.#live.values()) if (live.owner === owner) active++;
    return active < this.#maxActive;
  }

  /** Throws -32603 when `owner` already has the most unfinished tasks allowed. */
  assertRoom(owner: string): void {
    if (!this.hasRoom(owner))
      throw RpcError.internal(`Too many unfinished tasks (at most ${String(this.#maxActive)}): try again later`);
  }

  /**
   * Creates a task: the live half at once (so a handler already running can
   * attach to it), the stored half before `created` resolves. Answer the
   * request only after `created`: a `tasks/get` must find the task.
   */
  open(spec: OpenTask): { readonly live: LiveTask; readonly created: Promise<TaskRecord> } {
    const now = Date.now();
    const requested = spec.ttlMs === undefined ? this.#defaultTtl : Math.max(1, Math.round(spec.ttlMs));
    const record: TaskRecord = {
      taskId: toBase64Url(crypto.getRandomValues(new Uint8Array(16))),
      owner: spec.owner,
      flavor: spec.flavor,
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs: Math.min(requested, this.#maxTtl),
      pollIntervalMs: this.#poll,
      ...(this.#remote !== undefined && spec.outcome === undefined && { node: this.#remote.node }),
      ...(spec.outcome === undefined ? {} : this.#terminal(spec.flavor, spec.outcome)),
    };
    const live = new LiveTask(record, spec.session, () => {
      if (this.#live.get(record.taskId) === live) void this.#sync(live);
    });
    const terminal = isTerminal(record.status);
    if (!terminal) {
      this.#live.set(record.taskId, live);
      live.timer = setTimeout(
        () => {
          this.#expire(live);
        },
        Math.min(record.ttlMs, MAX_TIMER_MS),
      );
      unref(live.timer);
    }
    const created = this.#store.create(record).then(
      () => {
        this.#emit(live, record, undefined);
        if (terminal) live.finish(record, taskEnded(record.taskId, 'ended'));
        return record;
      },
      (error: unknown) => {
        this.#drop(live);
        live.controller.abort(error);
        live.finish(undefined, error);
        throw error;
      },
    );
    live.writes = created.catch(() => undefined);
    return { live, created };
  }

  /** Runs `work` (the request's handler) for the task; its result or error settles the task. */
  run(live: LiveTask, work: () => Promise<Readonly<Record<string, unknown>>>): void {
    work().then(
      (result) => this.settle(live, { result }),
      (error: unknown) => this.settle(live, { error: toRpcError(error, { exposeDetails: this.#exposeErrorDetails }).toJSON() }),
    );
  }

  /** Ends the task with `outcome`, unless it already ended (cancelled, expired). */
  async settle(live: LiveTask, outcome: TaskOutcome): Promise<void> {
    if (this.#live.get(live.taskId) !== live) return;
    this.#drop(live);
    const record = await this.#write(live, {
      ...this.#terminal(live.flavor, outcome),
      inputRequests: undefined,
      lastUpdatedAt: Date.now(),
    });
    live.finish(record, taskEnded(live.taskId, 'ended'));
  }

  /** Cancels a non-terminal task: `cancelled` is stored before this resolves, then the handler's signal fires. */
  async cancel(record: TaskRecord): Promise<TaskRecord | undefined> {
    const patch: TaskPatch = {
      status: 'cancelled',
      statusMessage: 'The task was cancelled by request.',
      inputRequests: undefined,
      lastUpdatedAt: Date.now(),
    };
    const live = this.#live.get(record.taskId);
    if (live === undefined) {
      // Its handler runs in another process (a shared store): the store's terminal rule stops it from overwriting this.
      const updated = await this.#store.update(record.taskId, patch);
      if (updated !== undefined) this.#changed(updated);
      const node = record.node;
      if (updated?.status === 'cancelled' && node !== undefined && this.#remote !== undefined && node !== this.#remote.node)
        await this.#remote.send(node, { kind: 'cancel', taskId: record.taskId }).catch(() => undefined);
      return updated;
    }
    this.#drop(live);
    const updated = await this.#write(live, patch);
    const reason = taskEnded(live.taskId, 'was cancelled');
    live.controller.abort(reason);
    live.finish(updated, reason);
    return updated;
  }

  /** Waits until every state change made so far is stored. */
  flush(live: LiveTask): Promise<unknown> {
    return live.writes;
  }

  /** Shutdown: every running task fails ("the server shut down") and its handler's signal fires. */
  async close(): Promise<void> {
    const error = RpcError.internal('The server shut down before the task finished').toJSON();
    await Promise.all(
      [...this.#live.values()].map(async (live) => {
        await this.settle(live, { error });
        live.controller.abort(taskEnded(live.taskId, 'was stopped: the server shut down'));
      }),
    );
  }

  #terminal(
    flavor: TaskFlavor,
    outcome: TaskOutcome,
  ): { status: TaskStatus; statusMessage?: string; result?: Readonly<Record<string, unknown>>; error?: JsonRpcErrorObject } {
    if ('error' in outcome) return { status: 'failed', statusMessage: outcome.error.message, error: outcome.error };
    // 2025-11-25: a tool's isError result fails the task (tasks/result still returns the result);
    // the extension keeps `failed` for JSON-RPC errors only.
    if (flavor === 'core' && outcome.result['isError'] === true) {
      return { status: 'failed', statusMessage: 'The tool reported an error', result: outcome.result };
    }
    return { status: 'completed', result: outcome.result };
  }

  /** Writes the status and outstanding input the live state implies. */
  #sync(live: LiveTask): Promise<TaskRecord | undefined> {
    const { status, inputRequests } = live.state;
    return this.#write(live, { status, inputRequests, lastUpdatedAt: Date.now() });
  }

  #write(live: LiveTask, patch: TaskPatch): Promise<TaskRecord | undefined> {
    const op = live.writes.then(() => this.#store.update(live.taskId, patch));
    live.writes = op.catch(() => undefined);
    return op.then((record) => {
      // Ended by another process (cancelled, or failed as orphaned while this one stalled): the handler stops too.
      if (record !== undefined && isTerminal(record.status) && this.#live.get(live.taskId) === live) {
        this.#drop(live);
        const reason = taskEnded(live.taskId, record.status === 'cancelled' ? 'was cancelled' : 'ended');
        live.record = record;
        live.controller.abort(reason);
        live.finish(record, reason);
        return record;
      }
      const previous = live.record;
      if (record !== undefined && !isTerminal(previous.status)) {
        live.record = record;
        this.#emit(live, record, previous);
      }
      return record;
    });
  }

  #emit(live: LiveTask, record: TaskRecord, previous: TaskRecord | undefined): void {
    this.#changed(record);
    // 2025-11-25: the optional status notification, on the session that created the task, without related-task _meta.
    if (
      live.flavor === 'core' &&
      live.session?.connection.isOpen === true &&
      previous !== undefined &&
      previous.status !== record.status
    ) {
      live.session.notify('notifications/tasks/status', coreTask(record) as unknown as Record<string, unknown>);
    }
  }

  #changed(record: TaskRecord): void {
    this.#sink.taskChanged(record);
    this.#remote?.changed(record);
    this.#waiters.wake(record.taskId);
  }

  /** `record`, or `failed` if its handler ran in a process that stopped. */
  async #orphanCheck(record: TaskRecord, alive: Map<string, Promise<boolean>>): Promise<TaskRecord> {
    const node = record.node;
    const remote = this.#remote;
    // This process's own tasks are ended by this process (a settled task is briefly `working` in the store).
    if (isTerminal(record.status) || node === undefined || remote === undefined || node === remote.node) return record;
    let running = alive.get(node);
    if (running === undefined) alive.set(node, (running = remote.alive(node)));
    // An unreachable store is no proof of death: the task stays as it is.
    if (await running.catch(() => true)) return record;
    const error = RpcError.internal(ORPHANED_TASK_MESSAGE).toJSON();
    const failed = await this.#store.update(record.taskId, {
      status: 'failed',
      statusMessage: ORPHANED_TASK_MESSAGE,
      error,
      inputRequests: undefined,
      lastUpdatedAt: Date.now(),
    });
    if (failed === undefined) return record;
    if (failed.status === 'failed' && failed.error?.message === ORPHANED_TASK_MESSAGE) this.#changed(failed);
    return failed;
  }

  #expire(live: LiveTask): void {
    if (this.#live.get(live.taskId) !== live) return;
    this.#drop(live);
    const reason = taskEnded(live.taskId, 'expired');
    live.controller.abort(reason);
    live.finish(undefined, reason);
  }

  #drop(live: LiveTask): void {
    if (this.#live.get(live.taskId) === live) this.#live.delete(live.taskId);
    clearTimeout(live.timer);
  }
}
