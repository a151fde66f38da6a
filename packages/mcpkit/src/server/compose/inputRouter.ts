/**
 * The upstream's requests to its client (elicitation, sampling, roots) and its
 * log messages, forwarded to the caller whose request the upstream is serving.
 *
 * One upstream connection serves every caller, and the protocol does not say
 * which of the client's requests an input request belongs to. So the router
 * forwards only when that is unambiguous: while requests of one caller
 * session alone are in flight on this upstream. With requests of several
 * callers in flight it refuses (the upstream sees an error), rather than ask
 * one caller's user on behalf of another.
 *
 * @module
 */
import { RpcError } from '../../jsonrpc/rpcError.js';
import { JsonRpcErrorCode } from '../../jsonrpc/errorCodes.js';
import type {
  CreateMessageParams,
  CreateMessageResult,
  ElicitParams,
  ElicitResult,
  LoggingLevel,
  Root,
} from '../../protocol/types/index.js';
import type { ServerContext } from '../context.js';

/** What the client's input handlers are told (a subset of the client's `InputContext`). */
export interface UpstreamInputContext {
  readonly signal: AbortSignal;
}

/** Handlers to give the upstream's client (structurally the client's `ClientHandlers`). */
export interface ForwardingHandlers {
  readonly elicitation: {
    readonly form: (params: ElicitParams, context: UpstreamInputContext) => Promise<ElicitResult>;
    readonly url: (params: ElicitParams, context: UpstreamInputContext) => Promise<ElicitResult>;
  };
  readonly sampling: {
    readonly createMessage: (params: CreateMessageParams, context: UpstreamInputContext) => Promise<CreateMessageResult>;
    readonly tools: true;
    readonly context: true;
  };
  readonly roots: { readonly list: (context: UpstreamInputContext) => Promise<readonly Root[]> };
}

const LEVELS: readonly string[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** Rejects when any of `signals` aborts. */
function untilAborted<T>(work: Promise<T>, signals: readonly AbortSignal[]): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = (): void => {
      reject(new RpcError(JsonRpcErrorCode.InternalError, 'The caller is gone: request cancelled'));
    };
    for (const s of signals) {
      if (s.aborted) abort();
      s.addEventListener('abort', abort, { once: true });
    }
    work.then(resolve, reject).finally(() => {
      for (const s of signals) s.removeEventListener('abort', abort);
    });
  });
}

/** Routes one upstream's input requests and log messages to the callers it serves. */
export class InputRouter {
  readonly #active = new Map<ServerContext, number>();

  /** Runs `work` (a call to the upstream made for `ctx`) with `ctx` as a possible target. */
  async track<T>(ctx: ServerContext, work: () => Promise<T>): Promise<T> {
    this.#active.set(ctx, (this.#active.get(ctx) ?? 0) + 1);
    try {
      return await work();
    } finally {
      const n = (this.#active.get(ctx) ?? 1) - 1;
      if (n === 0) this.#active.delete(ctx);
      else this.#active.set(ctx, n);
    }
  }

  /** The handlers to construct the upstream's client with. */
  readonly handlers: ForwardingHandlers = {
    elicitation: {
      form: (params, context) => this.#ask(context, (ctx) => ctx.elicit(params)),
      url: (params, context) => this.#ask(context, (ctx) => ctx.elicit(params)),
    },
    sampling: {
      createMessage: (params, context) => this.#ask(context, (ctx) => ctx.sample(params)),
      tools: true,
      context: true,
    },
    roots: { list: (context) => this.#ask(context, async (ctx) => (await ctx.listRoots()).roots) },
  };

  /**
   * Forwards an upstream log message (`notifications/message` params) to the
   * caller in flight on it, once; dropped when no caller, or several, are.
   */
  log(params: Readonly<Record<string, unknown>>): void {
    const level = params['level'];
    if (typeof level !== 'string' || !LEVELS.includes(level)) return;
    const logger = typeof params['logger'] === 'string' ? params['logger'] : undefined;
    const ctx = this.#only();
    if (ctx === undefined || ctx === 'several') return;
    ctx.log(level as LoggingLevel, params['data'], logger).catch(() => undefined);
  }

  #ask<T>(context: UpstreamInputContext, ask: (ctx: ServerContext) => Promise<T>): Promise<T> {
    const ctx = this.#only();
    if (ctx === undefined) {
      throw new RpcError(JsonRpcErrorCode.InvalidRequest, 'No caller is waiting on this server: nobody to ask');
    }
    if (ctx === 'several') {
      throw new RpcError(
        JsonRpcErrorCode.InvalidRequest,
        'Requests of several callers are in flight on this server: which one to ask cannot be told, so none is asked',
      );
    }
    return untilAborted(ask(ctx), [context.signal, ctx.signal]);
  }

  /** The latest request in flight when all are of one caller session; `several` when not. */
  #only(): ServerContext | 'several' | undefined {
    const waiting = [...this.#active.keys()];
    const last = waiting.at(-1);
    if (last === undefined) return undefined;
    // A handshake-era session keeps one `session` map for its lifetime; a stateless request has its own.
    return waiting.every((c) => c.session === last.session) ? last : 'several';
  }
}
