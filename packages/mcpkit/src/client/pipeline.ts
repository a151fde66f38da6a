/**
 * The path every client request takes: check → cache → send (through input
 * rounds where the method allows them) → check the result → cache it.
 *
 * - A method the negotiated revision lacks, or whose server capability is
 *   absent, is refused locally (`LocalError('NOT_SUPPORTED')`), so the
 *   application learns it before anything is sent.
 * - Results are read by `resultType`: absent (a handshake-era server) is complete;
 *   `input_required` only where the method allows it; a task handle only for
 *   `tools/call` (`client/tasks.ts`); anything else is invalid.
 *
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import type { RequestOptions } from '../jsonrpc/pending.js';
import { RpcError } from '../jsonrpc/rpcError.js';
import { isObject } from '../protocol/check.js';
import { ErrorCode } from '../protocol/errorCodes.js';
import { hasCapability, hasMethod, requestEntry } from '../protocol/methods.js';
import type { RequestEntry } from '../protocol/methodTable.js';
import { eraOf } from '../protocol/versions.js';
import type { ProgressParams } from '../protocol/types/index.js';
import { ResultCache } from './cache.js';
import type { InputResponder } from './inputs.js';
import { runRounds, type RoundParams, type RoundsOutcome } from './mrtr.js';
import type { CallOptions } from './options.js';
import type { ClientSession } from './clientSession.js';
import { isTaskResult } from './taskResult.js';

/** What the pipeline needs from the client. */
export interface PipelineServices {
  /** The current session; throws when not connected. */
  session(): ClientSession;
  readonly inputs: InputResponder;
  /** The result cache, if enabled. */
  readonly cache: ResultCache | undefined;
  readonly maxInputRounds: number;
  /** Sees every complete result (the tool catalog learns output schemas here). */
  observe(method: string, params: RoundParams, result: unknown): void;
}

/** Methods the client manages itself, never sent through `request`. */
const MANAGED: Readonly<Record<string, string>> = {
  initialize: 'connect()',
  'subscriptions/listen': 'subscribe()',
};

/** Sends `method` with `params` and resolves with its complete result. */
export async function callMethod(
  host: PipelineServices,
  method: string,
  params: RoundParams | undefined,
  options: CallOptions = {},
): Promise<unknown> {
  const session = host.session();
  const entry = requestEntry(method);
  if (entry !== undefined) assertCallable(session, method, entry);
  const given = params ?? {};
  const cache = host.cache;
  const cacheable = cache !== undefined && entry?.cacheable === true && options.cache !== false && !isRetry(given);
  const key = cacheable ? ResultCache.key(method, given) : undefined;
  if (key !== undefined) {
    const hit = cache?.get(key);
    if (hit !== undefined) {
      host.observe(method, given, hit);
      return hit;
    }
  }
  let outcome: unknown;
  let retried = false;
  try {
    // The handshake era has neither input rounds nor the revision retry: one request, nothing wrapped.
    if (session.era === 'handshake') outcome = await session.send(method, given, toRequestOptions(options));
    else ({ result: outcome, retried } = await send(host, session, method, entry, given, options));
  } catch (error) {
    // An invalid cursor: every cached page of that list is suspect (caching.mdx#interaction-with-pagination).
    if (
      error instanceof RpcError &&
      error.code === ErrorCode.InvalidParams &&
      entry?.paginated === true &&
      given['cursor'] !== undefined
    ) {
      cache?.dropMethod(method);
    }
    throw error;
  }
  // A task handle instead of the result: its shape is checked where it is read (`taskOf`).
  const result = isTaskResult(method, given, outcome) ? outcome : checkResult(method, entry, outcome);
  if (key !== undefined && !retried) cache?.set(key, method, given, result);
  host.observe(method, given, result);
  return result;
}

function send(
  host: PipelineServices,
  session: ClientSession,
  method: string,
  entry: RequestEntry | undefined,
  params: RoundParams,
  options: CallOptions,
): Promise<RoundsOutcome> {
  const wire = toRequestOptions(options);
  const once = (p: RoundParams): Promise<unknown> => sendOnce(session, method, p, wire);
  if (session.era !== 'stateless' || entry?.inputRequired !== true)
    return once(params).then((result) => ({ result, retried: false }));
  const signal = options.signal ?? NEVER;
  return runRounds(method, params, {
    maxRounds: host.maxInputRounds,
    send: once,
    answer: (inputMethod, inputParams) => host.inputs.answer(inputMethod, inputParams, session.inputContext(signal)),
  });
}

/** One request; in the stateless era retried once when the server rejects our revision yet lists it (a transient refusal). */
async function sendOnce(
  session: ClientSession,
  method: string,
  params: RoundParams,
  options: RequestOptions | undefined,
): Promise<unknown> {
  try {
    return await session.send(method, params, options);
  } catch (error) {
    if (!(error instanceof RpcError) || error.code !== ErrorCode.UnsupportedProtocolVersion || session.era !== 'stateless')
      throw error;
    const supported = isObject(error.data) ? error.data['supported'] : undefined;
    if (!Array.isArray(supported) || !supported.includes(session.negotiated.revision)) throw error;
    return session.send(method, params, options);
  }
}

function assertCallable(session: ClientSession, method: string, entry: RequestEntry): void {
  const managed = MANAGED[method];
  if (managed !== undefined) throw new LocalError('INVALID_ARGUMENT', `${method} is managed by the client: use ${managed}`);
  if (entry.from === 'server') throw new LocalError('INVALID_ARGUMENT', `${method} is sent by servers, not clients`);
  const { revision, serverCapabilities } = session.negotiated;
  // Only a method an extension offers needs to know which extensions both sides declared.
  const extensions = entry.extension === undefined ? undefined : sharedExtensions(session);
  if (!hasMethod(method, revision, extensions)) {
    throw new LocalError(
      'NOT_SUPPORTED',
      `${method} does not exist in protocol revision ${revision}${entry.extension === undefined ? '' : ` without the ${entry.extension} extension`}`,
    );
  }
  // 2024-11-05 has no `completions` capability: servers answered completion unannounced. A method an
  // extension offers in the stateless era is gated by the extension (checked above), not by a capability.
  const capability =
    (method === 'completion/complete' && revision === '2024-11-05') ||
    (entry.extension !== undefined && eraOf(revision) === 'stateless')
      ? undefined
      : entry.capability;
  if (capability !== undefined && !hasCapability(serverCapabilities, capability)) {
    throw new LocalError('NOT_SUPPORTED', `The server does not offer ${method} (capability "${capability}" not declared)`);
  }
}

function sharedExtensions(session: ClientSession): string[] {
  const ours = session.identity.capabilities.extensions ?? {};
  const theirs = session.negotiated.serverCapabilities.extensions ?? {};
  return Object.keys(ours).filter((id) => Object.hasOwn(theirs, id));
}

/** Checks a complete result: known `resultType` (absent means complete) and the table's structural check. */
function checkResult(method: string, entry: RequestEntry | undefined, result: unknown): unknown {
  if (!isObject(result)) throw new LocalError('PROTOCOL_VIOLATION', `The result of ${method} is not an object`);
  const type = result['resultType'];
  if (type !== undefined && type !== 'complete') {
    throw new LocalError(
      'PROTOCOL_VIOLATION',
      `The result of ${method} has resultType ${JSON.stringify(type)}, which is not valid here`,
    );
  }
  const issue = entry?.result(result, 'result');
  if (issue !== undefined) throw new LocalError('PROTOCOL_VIOLATION', `Malformed ${method} result: ${issue}`);
  return result;
}

function isRetry(params: RoundParams): boolean {
  return params['inputResponses'] !== undefined || params['requestState'] !== undefined;
}

/** A signal that never fires, for input handlers of calls made without one. */
const NEVER: AbortSignal = new AbortController().signal;

function toRequestOptions(options: CallOptions): RequestOptions | undefined {
  const { signal, timeoutMs, resetTimeoutOnProgress, maxTotalTimeoutMs, onProgress } = options;
  if (
    signal === undefined &&
    timeoutMs === undefined &&
    resetTimeoutOnProgress === undefined &&
    maxTotalTimeoutMs === undefined &&
    onProgress === undefined
  ) {
    return undefined;
  }
  return {
    ...(signal !== undefined && { signal }),
    ...(timeoutMs !== undefined && { timeoutMs }),
    ...(resetTimeoutOnProgress !== undefined && { resetTimeoutOnProgress }),
    ...(maxTotalTimeoutMs !== undefined && { maxTotalTimeoutMs }),
    ...(onProgress !== undefined && {
      onProgress: (params: unknown) => {
        onProgress(params as ProgressParams);
      },
    }),
  };
}
