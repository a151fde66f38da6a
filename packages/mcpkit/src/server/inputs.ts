/**
 * Input requests from inside a handler (`ctx.elicit`, `ctx.sample`,
 * `ctx.listRoots`): the capability checks both eras share, and the handshake
 * era's channel, which sends a real request to the client. The stateless
 * era's channel is in `replay.ts`.
 *
 * @module
 */
import type { RequestContext } from '../jsonrpc/incoming.js';
import { LocalError } from '../jsonrpc/localError.js';
import { RpcError } from '../jsonrpc/rpcError.js';
import { shape, array, literal, object, string, union, type Check } from '../protocol/check.js';
import { ErrorCode } from '../protocol/errorCodes.js';
import type { ClientCapabilities } from '../protocol/types/index.js';
import { isAtLeast, type Revision } from '../protocol/versions.js';
import type { InputOptions, InputChannel, InputMethods } from './context.js';

type Method = keyof InputMethods;

/** The structural check each kind of answer must pass before a handler sees it. */
export const ANSWER_CHECKS: { readonly [M in Method]: Check<InputMethods[M]['result']> } = {
  'elicitation/create': shape({ action: literal('accept', 'decline', 'cancel') }),
  // One content block, or (2025-11-25+, e.g. several tool_use blocks) an array of them.
  'sampling/createMessage': shape({ role: literal('user', 'assistant'), content: union(object, array(object)), model: string }),
  'roots/list': shape({ roots: array(shape({ uri: string })) }),
};

function refuse(message: string, required: Record<string, unknown>): RpcError {
  return new RpcError(ErrorCode.MissingRequiredClientCapability, message, { requiredCapabilities: required });
}

/**
 * Throws unless the client declared what `method` with `params` needs, in
 * this revision. Elicitation: `elicitation` (form: `{}` or `form`; URL mode:
 * `url`); sampling: `sampling` (and `sampling.tools` to pass tools); roots:
 * `roots`.
 */
export function assertCanAsk(
  method: Method,
  params: Record<string, unknown>,
  caps: ClientCapabilities,
  revision: Revision,
): void {
  if (method === 'elicitation/create') {
    if (!isAtLeast(revision, '2025-06-18'))
      throw refuse(`Elicitation does not exist in revision ${revision}`, { elicitation: {} });
    const elicitation = caps.elicitation as Record<string, unknown> | undefined;
    if (elicitation === undefined) throw refuse('The client does not support elicitation', { elicitation: {} });
    if (params['mode'] === 'url') {
      if (!isAtLeast(revision, '2025-11-25') || elicitation['url'] === undefined) {
        throw refuse('The client does not support URL-mode elicitation', { elicitation: { url: {} } });
      }
    } else if (Object.keys(elicitation).length > 0 && elicitation['form'] === undefined) {
      throw refuse('The client does not support form-mode elicitation', { elicitation: { form: {} } });
    }
    return;
  }
  if (method === 'sampling/createMessage') {
    const sampling = caps.sampling as Record<string, unknown> | undefined;
    if (sampling === undefined) throw refuse('The client does not support sampling', { sampling: {} });
    if ((params['tools'] !== undefined || params['toolChoice'] !== undefined) && sampling['tools'] === undefined) {
      throw refuse('The client does not support tools in sampling', { sampling: { tools: {} } });
    }
    return;
  }
  if (caps.roots === undefined) throw refuse('The client does not support roots', { roots: {} });
}

/** Checks an answer's shape; a malformed one is the client's error (-32602). */
export function checkAnswer<M extends Method>(method: M, answer: unknown, label: string): InputMethods[M]['result'] {
  const issue = (ANSWER_CHECKS[method] as Check<unknown>)(answer, label);
  if (issue !== undefined) throw RpcError.invalidParams(`Malformed answer to ${method}: ${issue}`);
  return answer as InputMethods[M]['result'];
}

/** 2025-11-25 URL elicitations carry an id the completion notification refers to: add one if missing. */
export function withElicitationId(method: Method, params: Record<string, unknown>): Record<string, unknown> {
  if (method !== 'elicitation/create' || params['mode'] !== 'url' || params['elicitationId'] !== undefined) return params;
  return { ...params, elicitationId: crypto.randomUUID() };
}

/** Handshake era: a real server-to-client request, sent on behalf of the request being served. */
export class LiveChannel implements InputChannel {
  readonly #rpc: RequestContext;
  readonly #caps: ClientCapabilities;
  readonly #revision: Revision;

  constructor(rpc: RequestContext, caps: ClientCapabilities, revision: Revision) {
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
    const answer = await this.#rpc.request(
      method,
      sent,
      options?.timeoutMs === undefined ? undefined : { timeoutMs: options.timeoutMs },
    );
    return checkAnswer(method, answer, 'result');
  }
}

/** For requests that cannot ask the client anything (2026-07-28 allows it only in tools/call, resources/read, prompts/get). */
export const NO_INPUT: InputChannel = {
  ask: (method) => Promise.reject(new LocalError('NOT_SUPPORTED', `${method} cannot be requested while serving this method`)),
};
