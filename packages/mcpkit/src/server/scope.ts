/**
 * The implementation of {@link ServerContext}: one per request, built by the
 * session from the handshake state or from the request's own `_meta`.
 *
 * @module
 */
import type { RequestContext } from '../jsonrpc/incoming.js';
import type { RequestId } from '../jsonrpc/message.js';
import { isObject } from '../protocol/check.js';
import { META_PROGRESS_TOKEN } from '../protocol/meta.js';
import type {
  ClientCapabilities,
  CreateMessageParams,
  CreateMessageResult,
  ElicitParams,
  ElicitResult,
  Implementation,
  ListRootsResult,
  LoggingLevel,
  ReadResourceResult,
} from '../protocol/types/index.js';
import type { Era, Revision } from '../protocol/versions.js';
import type { JsonSchemaValidator } from '../schema/jsonSchemaValidator.js';
import type { InputOptions, InputChannel, ServerContext, SessionState } from './context.js';
import { checkedAnswer } from './elicitationAnswer.js';

/** RFC 5424 severities, lowest first. */
export const LOG_LEVELS: readonly LoggingLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];

/** True for a valid logging level. */
export function isLogLevel(value: unknown): value is LoggingLevel {
  return typeof value === 'string' && (LOG_LEVELS as readonly string[]).includes(value);
}

/** Who is calling and how, as the session determined it. */
export interface Caller {
  readonly revision: Revision;
  readonly era: Era;
  readonly clientInfo: Implementation | undefined;
  readonly clientCapabilities: ClientCapabilities;
  readonly auth: unknown;
  /** The least severe level to send; `undefined`: send no log messages. */
  readonly logLevel: LoggingLevel | undefined;
  readonly session: SessionState;
  readonly sessionId: string | undefined;
  /** Sends a notification on the session, unrelated to the request (handshake era only). */
  readonly notify: ((method: string, params?: Record<string, unknown>) => void) | undefined;
}

/** What the scope needs from the server. */
export interface ScopeServices {
  readonly state: unknown;
  principal(auth: unknown): string | undefined;
  readResource(uri: string, ctx: ServerContext): Promise<ReadResourceResult>;
  /** Checks elicitation answers (the server's `validator` option; `undefined`: the default). */
  readonly validator: JsonSchemaValidator | undefined;
}

/** One request's context. */
export class RequestScope implements ServerContext {
  readonly #rpc: RequestContext;
  readonly #caller: Caller;
  readonly #host: ScopeServices;
  readonly #channel: InputChannel;
  readonly meta: Readonly<Record<string, unknown>> | undefined;
  #controller: AbortController | undefined;
  #stopped: unknown;
  #lastProgress = -Infinity;

  constructor(
    rpc: RequestContext,
    caller: Caller,
    host: ScopeServices,
    channel: InputChannel,
    meta: Readonly<Record<string, unknown>> | undefined,
  ) {
    this.#rpc = rpc;
    this.#caller = caller;
    this.#host = host;
    this.#channel = channel;
    this.meta = meta;
  }

  get revision(): Revision {
    return this.#caller.revision;
  }
  get era(): Era {
    return this.#caller.era;
  }
  get requestId(): RequestId {
    return this.#rpc.id;
  }
  get method(): string {
    return this.#rpc.method;
  }
  get clientInfo(): Implementation | undefined {
    return this.#caller.clientInfo;
  }
  get clientCapabilities(): ClientCapabilities {
    return this.#caller.clientCapabilities;
  }
  get auth(): unknown {
    return this.#caller.auth;
  }
  get transport(): unknown {
    return this.#rpc.info?.transport;
  }
  get principal(): string | undefined {
    return this.#host.principal(this.#caller.auth);
  }
  get state(): unknown {
    return this.#host.state;
  }
  get session(): SessionState {
    return this.#caller.session;
  }
  get sessionId(): string | undefined {
    return this.#caller.sessionId;
  }

  /** Fires on peer cancellation, connection close, or when the server stops the handler. */
  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      const controller = new AbortController();
      this.#controller = controller;
      const peer = this.#rpc.signal;
      if (this.#stopped !== undefined) controller.abort(this.#stopped);
      else if (peer.aborted) controller.abort(peer.reason);
      else
        peer.addEventListener(
          'abort',
          () => {
            controller.abort(peer.reason);
          },
          { once: true },
        );
    }
    return this.#controller.signal;
  }

  /** Stops the handler (its signal fires): the request was answered without it. */
  stop(reason: unknown): void {
    this.#stopped = reason;
    this.#controller?.abort(reason);
  }

  progress(progress: number, total?: number, message?: string): Promise<void> {
    const token = this.meta?.[META_PROGRESS_TOKEN];
    if ((typeof token !== 'string' && typeof token !== 'number') || !(progress > this.#lastProgress)) return Promise.resolve();
    this.#lastProgress = progress;
    const params: Record<string, unknown> = { progressToken: token, progress };
    if (total !== undefined) params['total'] = total;
    if (message !== undefined) params['message'] = message;
    return this.#rpc.notify('notifications/progress', params);
  }

  log(level: LoggingLevel, data: unknown, logger?: string): Promise<void> {
    const threshold = this.#caller.logLevel;
    if (threshold === undefined || LOG_LEVELS.indexOf(level) < LOG_LEVELS.indexOf(threshold)) return Promise.resolve();
    const params: Record<string, unknown> = { level, data };
    if (logger !== undefined) params['logger'] = logger;
    return this.#rpc.notify('notifications/message', params);
  }

  async elicit(params: ElicitParams, options?: InputOptions): Promise<ElicitResult> {
    const result = await this.#channel.ask('elicitation/create', params, options);
    return checkedAnswer(params, result, this.#host.validator);
  }

  sample(params: CreateMessageParams, options?: InputOptions): Promise<CreateMessageResult> {
    return this.#channel.ask('sampling/createMessage', params, options);
  }

  listRoots(options?: InputOptions): Promise<ListRootsResult> {
    return this.#channel.ask('roots/list', {}, options);
  }

  completeElicitation(elicitationId: string): void {
    this.#caller.notify?.('notifications/elicitation/complete', { elicitationId });
  }

  readResource(uri: string): Promise<ReadResourceResult> {
    return this.#host.readResource(uri, this);
  }
}

/** The request's `_meta`, if it is an object. */
export function metaOf(params: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> | undefined {
  const meta = params['_meta'];
  return isObject(meta) ? meta : undefined;
}
