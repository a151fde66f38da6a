/**
 * How a task's handler asks the client for input (`ctx.elicit`, `ctx.sample`,
 * `ctx.listRoots`), per protocol:
 *
 * - 2025-11-25 ({@link CoreTaskChannel}): a real server-to-client request
 *   carrying the related-task `_meta`; the task is `input_required` while it
 *   is unanswered. Where no stream reaches the client (Streamable HTTP without
 *   a GET stream), the request waits for the client's `tasks/result`, whose
 *   response stream carries it, as the spec's flow has it.
 * - Extension ({@link TaskReplayChannel}): before the call became a task, the
 *   MRTR replay of every 2026-07-28 call (answers from `inputResponses` and
 *   `requestState`, a missing one ends the round `input_required`); after, a
 *   missing input suspends the handler and is listed in the task's
 *   `inputRequests` until `tasks/update` answers it.
 *
 * @module
 */
import type { RequestContext } from '../jsonrpc/incoming.js';
import { LocalError } from '../jsonrpc/localError.js';
import type { Connection } from '../jsonrpc/connection.js';
import type { Params, RequestId } from '../jsonrpc/message.js';
import type { RequestOptions } from '../jsonrpc/pending.js';
import type { MessageInfo } from '../jsonrpc/transport.js';
import type { ClientCapabilities, InputRequests } from '../protocol/types/index.js';
import type { Revision } from '../protocol/versions.js';
import type { AskOptions, InputChannel, InputMethods } from './context.js';
import { assertCanAsk, checkAnswer } from './inputs.js';
import { abortable, type LiveTask } from './taskLive.js';
import { withRelatedTask } from './taskWire.js';

type Method = keyof InputMethods;

const KEY_PREFIX: Readonly<Record<Method, string>> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
};

/** Extension: MRTR replay until the call becomes a task, task input requests after. */
export class TaskReplayChannel implements InputChannel {
  readonly #answers: Readonly<Record<string, unknown>>;
  readonly #caps: ClientCapabilities;
  readonly #revision: Revision;
  readonly #used: Record<string, unknown> = {};
  readonly #missing: Record<string, { method: Method; params: unknown }> = {};
  readonly #counters = new Map<Method, number>();
  #task: LiveTask | undefined;
  #stall: (() => void) | undefined;
  /** Resolves when the handler waits for input the round does not have (after a turn to ask for more). */
  readonly stalled: Promise<void>;

  constructor(answers: Readonly<Record<string, unknown>>, caps: ClientCapabilities, revision: Revision) {
    this.#answers = answers;
    this.#caps = caps;
    this.#revision = revision;
    this.stalled = new Promise((resolve) => {
      this.#stall = resolve;
    });
  }

  ask<M extends Method>(
    method: M,
    params: InputMethods[M]['params'],
    options: AskOptions | undefined,
  ): Promise<InputMethods[M]['result']> {
    let sent = params as Record<string, unknown>;
    // 2026-07-28 has no elicitationId (the outcome is learned by polling).
    if (method === 'elicitation/create' && 'elicitationId' in sent) {
      const { elicitationId: _dropped, ...rest } = sent;
      sent = rest;
    }
    assertCanAsk(method, sent, this.#caps, this.#revision);
    const n = (this.#counters.get(method) ?? 0) + 1;
    this.#counters.set(method, n);
    const key = options?.key ?? `${KEY_PREFIX[method]}-${String(n)}`;
    if (Object.hasOwn(this.#answers, key)) {
      const answer = checkAnswer(method, this.#answers[key], `inputResponses.${key}`);
      this.#used[key] = answer;
      return Promise.resolve(answer);
    }
    if (this.#task !== undefined) return this.#task.ask(key, method, sent);
    this.#missing[key] = { method, params: sent };
    if (this.#stall !== undefined) {
      const stall = this.#stall;
      this.#stall = undefined;
      setTimeout(stall, 0);
    }
    // Never settles: the round ends with input_required and the handler is stopped.
    return new Promise(() => undefined);
  }

  /** True while the handler waits for input this round lacks (the round will end `input_required`). */
  get waiting(): boolean {
    return this.#stall === undefined && this.#task === undefined;
  }

  /** The input requests still unanswered this round. */
  get inputRequests(): InputRequests {
    return this.#missing as unknown as InputRequests;
  }

  /** The answers this round used (sealed into the next round's `requestState`). */
  get answers(): Readonly<Record<string, unknown>> {
    return this.#used;
  }

  /** The call became `task`: from now on a missing input suspends the handler as a task input request. */
  attach(task: LiveTask): void {
    this.#task = task;
  }
}

/** 2025-11-25: the context a task's handler runs in, its messages tied to the task. */
export class TaskRpc implements RequestContext {
  readonly id: RequestId;
  readonly method: string;
  readonly info: MessageInfo | undefined;
  readonly #live: LiveTask;
  readonly #connection: Connection;

  constructor(origin: RequestContext, live: LiveTask, connection: Connection) {
    this.id = origin.id;
    this.method = origin.method;
    this.info = origin.info;
    this.#live = live;
    this.#connection = connection;
  }

  /** Fires on `tasks/cancel`, expiry and shutdown (the original request is long answered). */
  get signal(): AbortSignal {
    return this.#live.controller.signal;
  }

  /** Progress and log messages keep flowing for the task's lifetime, with the related-task `_meta`. */
  notify(method: string, params?: Params): Promise<void> {
    if (!this.#connection.isOpen || this.signal.aborted) return Promise.resolve();
    const sent = withRelatedTask(params as Readonly<Record<string, unknown>> | undefined, this.#live.taskId);
    return this.#connection.notify(method, sent, this.#live.relatedRequestId).catch(() => undefined);
  }

  request(method: string, params?: Params, options?: RequestOptions): Promise<unknown> {
    const signal = options?.signal === undefined ? this.signal : AbortSignal.any([options.signal, this.signal]);
    const related = this.#live.relatedRequestId;
    const sent = withRelatedTask(params as Readonly<Record<string, unknown>> | undefined, this.#live.taskId);
    return this.#connection.request(method, sent, {
      ...options,
      signal,
      ...(related !== undefined && { relatedRequestId: related }),
    });
  }
}

/** 2025-11-25: a task handler's input requests, sent to the client as real requests. */
export class CoreTaskChannel implements InputChannel {
  readonly #live: LiveTask;
  readonly #rpc: RequestContext;
  readonly #caps: ClientCapabilities;
  readonly #revision: Revision;

  constructor(live: LiveTask, rpc: RequestContext, caps: ClientCapabilities, revision: Revision) {
    this.#live = live;
    this.#rpc = rpc;
    this.#caps = caps;
    this.#revision = revision;
  }

  async ask<M extends Method>(
    method: M,
    params: InputMethods[M]['params'],
    options: AskOptions | undefined,
  ): Promise<InputMethods[M]['result']> {
    let sent = params as Record<string, unknown>;
    assertCanAsk(method, sent, this.#caps, this.#revision);
    if (method === 'elicitation/create' && sent['mode'] === 'url' && sent['elicitationId'] === undefined) {
      sent = { ...sent, elicitationId: crypto.randomUUID() };
    }
    const timeout = options?.timeoutMs === undefined ? undefined : { timeoutMs: options.timeoutMs };
    this.#live.asking(1);
    try {
      for (;;) {
        try {
          return checkAnswer(method, await this.#rpc.request(method, sent, timeout), 'result');
        } catch (error) {
          // No stream reaches the client now: the next tasks/result opens one.
          if (!(error instanceof LocalError) || error.code !== 'TRANSPORT_FAILED' || this.#rpc.signal.aborted) throw error;
          await abortable(this.#live.nextWaiter(), this.#rpc.signal);
        }
      }
    } finally {
      this.#live.asking(-1);
    }
  }
}
