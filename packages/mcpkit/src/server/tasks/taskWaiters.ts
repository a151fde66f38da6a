/**
 * Who waits for a change of a task running in another process (scale-out):
 * a `tasks/result` waiting for the outcome, a `tasks/update` waiting for its
 * answer to be taken. A change announced by any process wakes them; each
 * also wakes after its interval (to re-read, and notice a process that
 * stopped), and stops when its request is cancelled.
 *
 * @module
 */
import { abortable } from './taskLive.js';

function unref(timer: unknown): void {
  (timer as { unref?: () => void }).unref?.();
}

/** Waiters by task id. */
export class TaskWaiters {
  readonly #wakers = new Map<string, Set<() => void>>();

  /** Resolves when {@link wake} is called for `taskId`, or after `ms`; rejects when `signal` fires. */
  next(taskId: string, ms: number, signal: AbortSignal): Promise<void> {
    let wakers = this.#wakers.get(taskId);
    if (wakers === undefined) this.#wakers.set(taskId, (wakers = new Set()));
    const set = wakers;
    let wake!: () => void;
    const woken = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake();
      }, ms);
      unref(timer);
      wake = () => {
        clearTimeout(timer);
        set.delete(wake);
        if (set.size === 0 && this.#wakers.get(taskId) === set) this.#wakers.delete(taskId);
        resolve();
      };
    });
    set.add(wake);
    return abortable(woken, signal).finally(wake);
  }

  /** Wakes every waiter of `taskId`. */
  wake(taskId: string): void {
    const wakers = this.#wakers.get(taskId);
    if (wakers !== undefined) for (const wake of [...wakers]) wake();
  }
}
