/**
 * One outgoing request waiting for its response: its promise, its deadline
 * (reset on progress when asked, never past the hard maximum) and its abort
 * wiring, which exists only when the call has a signal; and `Deadlines`, the
 * one timer per connection that watches every request's deadline.
 *
 * @module
 */
import { LocalError } from './localError.js';
import type { Params, RequestId } from './message.js';
import { RpcError } from './rpcError.js';
import type { JsonRpcErrorObject } from './message.js';

/** Per-call options of an outgoing request. */
export interface RequestOptions {
  /** Abort the call: the promise rejects with a `CANCELLED` local error and the peer is told. */
  readonly signal?: AbortSignal;
  /** Time to wait for the response, in ms (default: the connection's). `Infinity` waits forever. */
  readonly timeoutMs?: number;
  /** Restart the timeout whenever the peer reports progress (never past `maxTotalTimeoutMs`). */
  readonly resetTimeoutOnProgress?: boolean;
  /** The hard limit from the start of the call, which progress cannot extend (default: the connection's). */
  readonly maxTotalTimeoutMs?: number;
  /** Receives the params of each progress notification the peer sends for this call. */
  readonly onProgress?: (params: Params) => void;
  /** The inbound request this call is made on behalf of (see `SendOptions.relatedRequestId`). */
  readonly relatedRequestId?: RequestId;
  /**
   * Receives the request's JSON-RPC id as soon as it is assigned, before the
   * message is sent (a protocol may name things by it: MCP's
   * `subscriptions/listen` streams are identified by their request's id).
   */
  readonly onId?: (id: RequestId) => void;
}

/** What the pending request needs from its connection. */
export interface PendingControl {
  /** Forget the request (it settled). */
  settle(id: RequestId, progressToken: RequestId | undefined): void;
  /** Tell the peer the request was abandoned. */
  cancelRemote(id: RequestId, reason: string): void;
  /** Call `expire()` once `fireAt` has passed (see `Deadlines`). */
  expireAt(fireAt: number): void;
}

/** An outgoing request in flight. */
export class PendingRequest implements Expiring {
  readonly id: RequestId;
  readonly method: string;
  readonly promise: Promise<unknown>;
  /** The token progress notifications for this call carry, if any. */
  readonly progressToken: RequestId | undefined;
  readonly #host: PendingControl;
  readonly #options: RequestOptions | undefined;
  #resolve!: (value: unknown) => void;
  #reject!: (error: Error) => void;
  #timeoutMs = Infinity;
  #maxTotalMs = Infinity;
  #deadline = Infinity;
  #fireAt = Infinity;
  #onAbort: (() => void) | undefined;
  #done = false;

  constructor(
    host: PendingControl,
    id: RequestId,
    method: string,
    progressToken: RequestId | undefined,
    options: RequestOptions | undefined,
    defaults: { readonly timeoutMs: number; readonly maxTotalTimeoutMs: number },
  ) {
    this.#host = host;
    this.id = id;
    this.method = method;
    this.progressToken = progressToken;
    this.#options = options;
    this.promise = new Promise((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
    const timeoutMs = options?.timeoutMs ?? defaults.timeoutMs;
    const maxTotal = options?.maxTotalTimeoutMs ?? defaults.maxTotalTimeoutMs;
    if (Number.isFinite(timeoutMs) || Number.isFinite(maxTotal)) {
      const now = Date.now();
      this.#timeoutMs = timeoutMs;
      this.#maxTotalMs = maxTotal;
      if (Number.isFinite(maxTotal)) this.#deadline = now + maxTotal;
      this.#fireAt = Math.min(now + timeoutMs, this.#deadline);
      host.expireAt(this.#fireAt);
    }
    const signal = options?.signal;
    if (signal !== undefined) {
      this.#onAbort = () => {
        this.#abandon(
          new LocalError('CANCELLED', `Request ${method} was cancelled`, { cause: signal.reason }),
          reasonText(signal.reason),
        );
      };
      signal.addEventListener('abort', this.#onAbort, { once: true });
    }
  }

  /** When the request times out (`Infinity`: never); later after each progress reset. */
  get fireAt(): number {
    return this.#fireAt;
  }

  /** The peer answered with a result. */
  resolve(result: unknown): void {
    if (this.#finish()) this.#resolve(result);
  }

  /** The peer answered with an error. */
  rejectWith(error: JsonRpcErrorObject): void {
    if (this.#finish()) this.#reject(RpcError.fromObject(error));
  }

  /** The request failed locally (closed channel, send failure). */
  fail(error: Error): void {
    if (this.#finish()) this.#reject(error);
  }

  /** The peer reported progress for this request. */
  progress(params: Params): void {
    if (this.#done) return;
    // Only later: the connection's deadline timer finds the new time when it wakes.
    if (this.#options?.resetTimeoutOnProgress === true && this.#fireAt !== Infinity) {
      this.#fireAt = Math.min(Date.now() + this.#timeoutMs, this.#deadline);
    }
    this.#options?.onProgress?.(params);
  }

  /** The deadline passed: the sooner of the timeout and the hard maximum. */
  expire(): void {
    const hard = this.#fireAt >= this.#deadline;
    const detail = hard
      ? `its maximum total timeout (${String(this.#maxTotalMs)} ms)`
      : `its timeout (${String(this.#timeoutMs)} ms)`;
    this.#abandon(new LocalError('REQUEST_TIMEOUT', `Request ${this.method} exceeded ${detail}`), 'Request timed out');
  }

  #abandon(error: LocalError, reason: string): void {
    if (!this.#finish()) return;
    this.#reject(error);
    this.#host.cancelRemote(this.id, reason);
  }

  /** Marks the request done and releases its listener; false if it already was. */
  #finish(): boolean {
    if (this.#done) return false;
    this.#done = true;
    if (this.#onAbort !== undefined) this.#options?.signal?.removeEventListener('abort', this.#onAbort);
    this.#host.settle(this.id, this.progressToken);
    return true;
  }
}

function reasonText(reason: unknown): string {
  if (reason instanceof Error) return reason.message;
  if (typeof reason === 'string') return reason;
  return 'Cancelled by the caller';
}

/** Timers cannot wait longer than 2^31-1 ms; a longer wait is taken in steps. */
const MAX_TIMER_MS = 2_147_483_647;

/** A request with a deadline. */
export interface Expiring {
  /** When it times out (ms since the epoch, `Date.now()`); `Infinity` for never. */
  readonly fireAt: number;
  /** Called once `fireAt` has passed. */
  expire(): void;
}

/**
 * One timer for the deadlines of all of a connection's outgoing requests,
 * instead of one per request: arming and clearing a timer per call cost a
 * client about a tenth of its CPU with many calls in flight.
 *
 * The timer is armed for the earliest deadline it was told of. Deadlines only
 * move later (a progress reset) or go away (the request settled) without
 * telling it, so it may fire early: it then expires what is due, finds the
 * earliest deadline left and sleeps again. A request therefore expires at its
 * deadline to the millisecond, as with a timer of its own; and when no request
 * is left, the timer is cleared (`clear`), so it never keeps a process alive.
 */
export class Deadlines {
  readonly #entries: () => Iterable<Expiring>;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** When the armed timer fires (Infinity: not armed). */
  #at = Infinity;

  /** @param entries the requests in flight, scanned when the timer fires. */
  constructor(entries: () => Iterable<Expiring>) {
    this.#entries = entries;
  }

  /** A request in flight now has the deadline `fireAt` (finite). */
  add(fireAt: number): void {
    if (fireAt < this.#at) this.#arm(fireAt, Date.now());
  }

  /** No request is in flight. */
  clear(): void {
    if (this.#timer === undefined) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#at = Infinity;
  }

  #arm(at: number, now: number): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#at = at;
    this.#timer = setTimeout(this.#fire, Math.min(Math.max(0, at - now), MAX_TIMER_MS));
  }

  readonly #fire = (): void => {
    this.#timer = undefined;
    this.#at = Infinity;
    const now = Date.now();
    let next = Infinity;
    const due: Expiring[] = [];
    for (const entry of this.#entries()) {
      if (entry.fireAt <= now) due.push(entry);
      else if (entry.fireAt < next) next = entry.fireAt;
    }
    if (next !== Infinity) this.#arm(next, now);
    for (const entry of due) entry.expire();
  };
}
