/**
 * The in-process half of a running task: its abort signal, the input it is
 * waiting for, and who waits for its outcome. The stored half (`taskStore.ts`)
 * is what `tasks/get` reads; this half is what `tasks/update`, `tasks/cancel`
 * and `tasks/result` act on.
 *
 * @module
 */
import { LocalError } from '../../jsonrpc/localError.js';
import type { RequestId } from '../../jsonrpc/message.js';
import { RpcError } from '../../jsonrpc/rpcError.js';
import type { InputRequests, TaskStatus } from '../../protocol/types/index.js';
import type { InputMethods } from '../context.js';
import { checkAnswer } from '../inputs.js';
import type { TaskSession } from './taskSession.js';
import type { TaskFlavor, TaskRecord } from './taskStore.js';

type Method = keyof InputMethods;

interface Outstanding {
  readonly method: Method;
  readonly params: unknown;
  readonly resolve: (answer: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/** A task whose handler runs in this process. */
export class LiveTask {
  readonly taskId: string;
  readonly owner: string;
  readonly flavor: TaskFlavor;
  /** Aborted by `tasks/cancel`, expiry and shutdown; the handler's `ctx.signal` follows it. */
  readonly controller: AbortController = new AbortController();
  /** The session the task was created on (2025-11-25: where its input requests and status notifications go). */
  readonly session: TaskSession | undefined;
  /** The last state written to the store. */
  record: TaskRecord;
  /** Store writes, in order. */
  writes: Promise<unknown> = Promise.resolve();
  /** Expiry timer. */
  timer: ReturnType<typeof setTimeout> | undefined;
  readonly #changed: () => void;
  readonly #outstanding = new Map<string, Outstanding>();
  readonly #keys = new Set<string>();
  #asking = 0;
  readonly #waiters: RequestId[] = [];
  #waiterArrived: (() => void) | undefined;
  #settle: ((record: TaskRecord | undefined) => void) | undefined;
  /** Resolves with the terminal record, or `undefined` if the task expired or vanished first. */
  readonly settled: Promise<TaskRecord | undefined>;

  constructor(record: TaskRecord, session: TaskSession | undefined, changed: () => void) {
    this.taskId = record.taskId;
    this.owner = record.owner;
    this.flavor = record.flavor;
    this.record = record;
    this.session = session;
    this.#changed = changed;
    this.settled = new Promise((resolve) => {
      this.#settle = resolve;
    });
  }

  /** The status and outstanding input the handler's state implies (while not terminal). */
  get state(): { readonly status: TaskStatus; readonly inputRequests: InputRequests | undefined } {
    if (this.#outstanding.size > 0) {
      const requests: Record<string, unknown> = {};
      for (const [key, o] of this.#outstanding) requests[key] = { method: o.method, params: o.params };
      return { status: 'input_required', inputRequests: requests as unknown as InputRequests };
    }
    return { status: this.#asking > 0 ? 'input_required' : 'working', inputRequests: undefined };
  }

  /** Extension: suspends the handler until `tasks/update` answers `key` (unique for the task's lifetime). */
  ask<M extends Method>(key: string, method: M, params: unknown): Promise<InputMethods[M]['result']> {
    if (this.#keys.has(key)) {
      return Promise.reject(
        new LocalError('INVALID_ARGUMENT', `Input key ${JSON.stringify(key)} was already used in task ${this.taskId}`),
      );
    }
    this.#keys.add(key);
    return new Promise((resolve, reject) => {
      this.#outstanding.set(key, { method, params, resolve: resolve as (answer: unknown) => void, reject });
      this.#changed();
    });
  }

  /**
   * Extension: delivers `responses`; keys not outstanding are ignored. A
   * malformed answer to an outstanding key is -32602 and nothing is applied.
   * Returns how many were applied.
   */
  answer(responses: Readonly<Record<string, unknown>>): number {
    const applied: [string, Outstanding, unknown][] = [];
    for (const [key, value] of Object.entries(responses)) {
      const outstanding = this.#outstanding.get(key);
      if (outstanding !== undefined)
        applied.push([key, outstanding, checkAnswer(outstanding.method, value, `inputResponses.${key}`)]);
    }
    for (const [key, outstanding, answer] of applied) {
      this.#outstanding.delete(key);
      outstanding.resolve(answer);
    }
    if (applied.length > 0) this.#changed();
    return applied.length;
  }

  /** 2025-11-25: a request to the client is in flight (`+1`) or answered (`-1`). */
  asking(delta: 1 | -1): void {
    this.#asking += delta;
    this.#changed();
  }

  /** 2025-11-25: the id of the `tasks/result` request in flight for this task, if any (its stream carries the input requests). */
  get relatedRequestId(): RequestId | undefined {
    return this.#waiters.at(-1);
  }

  /** 2025-11-25: a `tasks/result` for this task arrived (`id`) until `done` is called. */
  waiting(id: RequestId): () => void {
    this.#waiters.push(id);
    this.#waiterArrived?.();
    this.#waiterArrived = undefined;
    return () => {
      const i = this.#waiters.indexOf(id);
      if (i >= 0) this.#waiters.splice(i, 1);
    };
  }

  /** Resolves when the next `tasks/result` for this task arrives. */
  nextWaiter(): Promise<void> {
    return new Promise((resolve) => {
      const previous = this.#waiterArrived;
      this.#waiterArrived = () => {
        previous?.();
        resolve();
      };
    });
  }

  /** The task is over (terminal, expired or shut down): waiters are told, pending input is refused. */
  finish(record: TaskRecord | undefined, reason: unknown): void {
    for (const outstanding of this.#outstanding.values()) outstanding.reject(reason);
    this.#outstanding.clear();
    this.#settle?.(record);
    this.#settle = undefined;
  }
}

/** The error a handler's pending input request rejects with when its task ends first. */
export function taskEnded(taskId: string, why: string): LocalError {
  return new LocalError('CANCELLED', `Task ${taskId} ${why}`);
}

/** -32602 for a task the caller cannot see (unknown, expired, another principal's: never say which). */
export function taskNotFound(taskId: string): RpcError {
  return RpcError.invalidParams(`Task not found: ${taskId}`);
}

/** `promise`, or a rejection with the signal's reason once the signal fires. */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      reject(asError(signal.reason));
    };
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(asError(error));
      },
    );
  });
}

function asError(reason: unknown): Error {
  return reason instanceof Error ? reason : new LocalError('CANCELLED', 'Aborted', { cause: reason });
}
