/**
 * 2026-07-28 multi round-trip requests, served by replay: the handler runs
 * from the start on every round; each `ctx.elicit`/`sample`/`listRoots` is
 * answered from the round's `inputResponses` (or from answers sealed into
 * `requestState` by earlier rounds); an unanswered one stops the round, and
 * the request is answered `input_required` with every input still missing.
 *
 * `requestState` is an HMAC-sealed record of the method, a digest of the
 * request's params, the principal, an expiry and the answers so far; it is
 * refused (-32602) when altered, expired, or presented on another request.
 *
 * @module
 */
import { RpcError } from '../jsonrpc/rpcError.js';
import { isObject } from '../protocol/check.js';
import type { ClientCapabilities, InputRequests } from '../protocol/types/index.js';
import type { Revision } from '../protocol/versions.js';
import { toBase64Url } from '../protocol/base64.js';
import type { InputOptions, InputChannel, InputMethods } from './context.js';
import { assertCanAsk, checkAnswer } from './inputs.js';
import type { Sealer } from './seal.js';
import { canonicalJson } from '../protocol/canonicalJson.js';

type Method = keyof InputMethods;

const KEY_PREFIX: Readonly<Record<Method, string>> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
};

/** The sealed content of a `requestState`. */
interface StatePayload {
  readonly v: 1;
  /** The method. */
  readonly m: string;
  /** Digest of the salient params. */
  readonly d: string;
  /** The principal, if the request was authenticated. */
  readonly p: string | null;
  /** Expiry, ms since the epoch. */
  readonly x: number;
  /** Answers gathered in earlier rounds. */
  readonly a: Readonly<Record<string, unknown>>;
}

/** What binds a `requestState` to one request of one principal. */
export interface ReplayBinding {
  readonly method: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly principal: string | undefined;
}

/**
 * Where a missing input goes once a call has become a task (tasks extension):
 * the handler is suspended until `tasks/update` answers it, instead of the
 * round ending `input_required`.
 */
export interface MissingInputSink {
  ask(key: string, method: Method, params: Record<string, unknown>): Promise<unknown>;
}

/** Answers one round's input requests from what the client sent, and collects the missing ones. */
export class ReplayChannel implements InputChannel {
  readonly #answers: Readonly<Record<string, unknown>>;
  readonly #caps: ClientCapabilities;
  readonly #revision: Revision;
  readonly #used: Record<string, unknown> = {};
  readonly #missing: Record<string, { method: Method; params: unknown }> = {};
  readonly #counters = new Map<Method, number>();
  #sink: MissingInputSink | undefined;
  #stall: (() => void) | undefined;
  /** Resolves when the handler waits for input it does not have (after it had a turn to ask for more). */
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
    options: InputOptions | undefined,
  ): Promise<InputMethods[M]['result']> {
    const sent = withoutElicitationId(method, params as Record<string, unknown>);
    assertCanAsk(method, sent, this.#caps, this.#revision);
    const n = (this.#counters.get(method) ?? 0) + 1;
    this.#counters.set(method, n);
    const key = options?.key ?? `${KEY_PREFIX[method]}-${String(n)}`;
    if (Object.hasOwn(this.#answers, key)) {
      const answer = checkAnswer(method, this.#answers[key], `inputResponses.${key}`);
      this.#used[key] = answer;
      return Promise.resolve(answer);
    }
    if (this.#sink !== undefined) return this.#sink.ask(key, method, sent) as Promise<InputMethods[M]['result']>;
    this.#missing[key] = { method, params: sent };
    if (this.#stall !== undefined) {
      const stall = this.#stall;
      this.#stall = undefined;
      // Give the handler a turn to ask for everything else it needs in parallel.
      setTimeout(stall, 0);
    }
    // Never settles: the round ends with input_required and the handler is aborted.
    return new Promise(() => undefined);
  }

  /** The input requests still unanswered. */
  get inputRequests(): InputRequests {
    return this.#missing as unknown as InputRequests;
  }

  /** The answers this round used (carried into the next round's state). */
  get answers(): Readonly<Record<string, unknown>> {
    return this.#used;
  }

  /** True while the handler waits for input this round lacks (the round will end `input_required`). */
  get waiting(): boolean {
    return this.#stall === undefined && this.#sink === undefined;
  }

  /** The call became a task: from now on a missing input goes to `sink` instead of ending the round. */
  attach(sink: MissingInputSink): void {
    this.#sink = sink;
  }
}

function withoutElicitationId(method: Method, params: Record<string, unknown>): Record<string, unknown> {
  // 2026-07-28 removed elicitationId (the outcome is learned by retrying).
  if (method !== 'elicitation/create' || !('elicitationId' in params)) return params;
  const { elicitationId: _dropped, ...rest } = params;
  return rest;
}

/** Seals and opens `requestState`. */
export class RequestStateCodec {
  readonly #sealer: Sealer;
  readonly #ttlMs: number;

  constructor(sealer: Sealer, ttlMs: number) {
    this.#sealer = sealer;
    this.#ttlMs = ttlMs;
  }

  /** Seals the answers so far for the next round of `binding`'s request. */
  async seal(binding: ReplayBinding, answers: Readonly<Record<string, unknown>>): Promise<string> {
    const payload: StatePayload = {
      v: 1,
      m: binding.method,
      d: await digest(binding.params),
      p: binding.principal ?? null,
      x: Date.now() + this.#ttlMs,
      a: answers,
    };
    return this.#sealer.seal(payload);
  }

  /** The answers sealed in `state`, after checking it belongs to this request; -32602 otherwise. */
  async open(state: unknown, binding: ReplayBinding): Promise<Readonly<Record<string, unknown>>> {
    const payload = await this.#sealer.open(state);
    if (!isPayload(payload)) throw RpcError.invalidParams('Invalid requestState: not issued by this server or altered');
    if (payload.x < Date.now()) throw RpcError.invalidParams('Invalid requestState: expired');
    if (payload.m !== binding.method || payload.d !== (await digest(binding.params))) {
      throw RpcError.invalidParams('Invalid requestState: issued for a different request');
    }
    if (payload.p !== (binding.principal ?? null))
      throw RpcError.invalidParams('Invalid requestState: issued to a different principal');
    return payload.a;
  }
}

function isPayload(value: unknown): value is StatePayload {
  return (
    isObject(value) &&
    value['v'] === 1 &&
    typeof value['m'] === 'string' &&
    typeof value['d'] === 'string' &&
    (value['p'] === null || typeof value['p'] === 'string') &&
    typeof value['x'] === 'number' &&
    isObject(value['a'])
  );
}

/** Params that identify the request: everything but `_meta` and the round-trip fields. */
const ROUND_TRIP_FIELDS = new Set(['_meta', 'inputResponses', 'requestState']);

async function digest(params: Readonly<Record<string, unknown>>): Promise<string> {
  const salient: Record<string, unknown> = {};
  for (const key of Object.keys(params)) if (!ROUND_TRIP_FIELDS.has(key)) salient[key] = params[key];
  const bytes = new TextEncoder().encode(canonicalJson(salient));
  return toBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
}
