/**
 * How a task's handler asks the client for input (`ctx.elicit`, `ctx.sample`,
 * `ctx.listRoots`), per protocol:
 *
 * - 2025-11-25 ({@link CoreTaskChannel}): a real server-to-client request
 *   carrying the related-task `_meta`; the task is `input_required` while it
 *   is unanswered. Where no stream reaches the client (Streamable HTTP without
 *   a GET stream), the request waits for the client's `tasks/result`, whose
 *   response stream carries it, as the spec's flow has it.
 * - Extension: before the call became a task, the MRTR replay of every
 *   2026-07-28 call (`ReplayChannel`: answers from `inputResponses` and
 *   `requestState`, a missing one ends the round `input_required`); after, the
 *   channel hands a missing input to the task (`ReplayChannel.attach`), which
 *   suspends the handler and lists it in its `inputRequests` until
 *   `tasks/update` answers it.
 *
 * @module
 */
import type { RequestContext } from '../../jsonrpc/incoming.js';
import { LocalError } from '../../jsonrpc/localError.js';
import type { Connection } from '../../jsonrpc/connection.js';
import type { Params, RequestId } from '../../jsonrpc/message.js';
import type { RequestOptions } from '../../jsonrpc/pending.js';
import type { MessageInfo } from '../../jsonrpc/transport.js';
import type { ClientCapabilities } from '../../protocol/types/index.js';
import type { Revision } from '../../protocol/versions.js';
import type { InputOptions, InputChannel, InputMethods } from '../context.js';
import { assertCanAsk, checkAnswer, withElicitationId } from '../inputs.js';
import { abortable, type LiveTask } from './taskLive.js';
import { withRelatedTask } from './taskWire.js';

type Method = keyof InputMethods;

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
    options: InputOptions | undefined,
  ): Promise<InputMethods[M]['result']> {
    assertCanAsk(method, params as Record<string, unknown>, this.#caps, this.#revision);
    const sent = withElicitationId(method, params as Record<string, unknown>);
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
