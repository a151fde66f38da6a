/**
 * The stateless era (2026-07-28): every request carries its revision, client
 * capabilities and client info in `_meta`; the server checks them, answers
 * `server/discover` and `subscriptions/listen`, serves input requests by
 * replay, and stamps every result with `resultType`, `serverInfo` and, where
 * cacheable, cache hints.
 *
 * @module
 */
import type { RequestContext } from '../jsonrpc/incoming.js';
import { LocalError } from '../jsonrpc/localError.js';
import { RpcError } from '../jsonrpc/rpcError.js';
import { isObject } from '../protocol/check.js';
import { ErrorCode } from '../protocol/errorCodes.js';
import {
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_LOG_LEVEL,
  META_PROTOCOL_VERSION,
  META_SERVER_INFO,
  META_SUBSCRIPTION_ID,
} from '../protocol/meta.js';
import type { RequestEntry } from '../protocol/methodTable.js';
import type { ClientCapabilities, Implementation, LoggingLevel, Result, SubscriptionFilter } from '../protocol/types/index.js';
import { eraOf, type Revision } from '../protocol/versions.js';
import type { ServerContext } from './context.js';
import type { ServerView } from './serverView.js';
import type { MethodHandler } from './middleware.js';
import { ReplayChannel, type ReplayBinding } from './replay.js';
import { isLogLevel, RequestScope, type Caller } from './scope.js';
import { assertTaskListen, taskListener } from './tasks/taskMethods.js';

/** Per list of revisions a server speaks (fixed at construction), its stateless ones: asked on every request. */
const statelessOf = new WeakMap<readonly Revision[], readonly Revision[]>();

/** The revisions of the stateless era that the server speaks. */
export function statelessRevisions(server: ServerView): readonly Revision[] {
  let list = statelessOf.get(server.revisions);
  if (list === undefined) {
    list = Object.freeze(server.revisions.filter((r) => eraOf(r) === 'stateless'));
    statelessOf.set(server.revisions, list);
  }
  return list;
}

/** Reads and checks the request `_meta` of 2026-07-28; throws the spec's error for each defect. */
export function statelessCaller(
  server: ServerView,
  meta: Readonly<Record<string, unknown>> | undefined,
  rpc: RequestContext,
): Caller {
  const requested = meta?.[META_PROTOCOL_VERSION];
  if (requested === undefined) throw RpcError.invalidParams(`Missing _meta["${META_PROTOCOL_VERSION}"]`);
  const supported = statelessRevisions(server);
  if (typeof requested !== 'string' || !(supported as readonly string[]).includes(requested)) {
    // The list names every revision the server speaks, handshake ones too (versioning.mdx): a dual-era client
    // uses it to pick `initialize` on a server configured for the handshake era only.
    throw new RpcError(ErrorCode.UnsupportedProtocolVersion, `Unsupported protocol version: ${JSON.stringify(requested)}`, {
      supported: server.revisions,
      requested,
    });
  }
  const caps = meta?.[META_CLIENT_CAPABILITIES];
  if (!isObject(caps)) throw RpcError.invalidParams(`Missing _meta["${META_CLIENT_CAPABILITIES}"]`);
  const info = meta?.[META_CLIENT_INFO];
  if (info !== undefined && !(isObject(info) && typeof info['name'] === 'string' && typeof info['version'] === 'string')) {
    throw RpcError.invalidParams(`_meta["${META_CLIENT_INFO}"] must be an Implementation with a name and a version`);
  }
  const level = meta?.[META_LOG_LEVEL];
  if (level !== undefined && !isLogLevel(level))
    throw RpcError.invalidParams(`_meta["${META_LOG_LEVEL}"] is not a logging level`);
  // Without a per-request level, no log messages at all (2026-07-28 logging).
  const logLevel = level === undefined || !server.offers('logging') ? undefined : level;
  return new StatelessCaller(requested as Revision, info as Implementation | undefined, caps, rpc.info?.auth, logLevel);
}

/**
 * A caller of the stateless era. Each request has a state of its own, made
 * only if someone reads `ctx.session` (most never do). A class, so that the
 * getter costs nothing per request: an object literal with a getter measurably
 * outlives young-generation collections in V8 (+10 MB of RSS over 6,000 requests).
 */
class StatelessCaller implements Caller {
  readonly revision: Revision;
  readonly era = 'stateless';
  readonly clientInfo: Implementation | undefined;
  readonly clientCapabilities: ClientCapabilities;
  readonly auth: unknown;
  readonly logLevel: LoggingLevel | undefined;
  readonly sessionId: undefined;
  readonly notify: undefined;
  #session: Map<string, unknown> | undefined;

  constructor(
    revision: Revision,
    clientInfo: Implementation | undefined,
    clientCapabilities: ClientCapabilities,
    auth: unknown,
    logLevel: LoggingLevel | undefined,
  ) {
    this.revision = revision;
    this.clientInfo = clientInfo;
    this.clientCapabilities = clientCapabilities;
    this.auth = auth;
    this.logLevel = logLevel;
  }

  get session(): Map<string, unknown> {
    return (this.#session ??= new Map());
  }
}

/** Adds `resultType`, `serverInfo` and, on complete cacheable results, the cache hints. */
export function decorate(server: ServerView, method: string, entry: RequestEntry, value: Result): Record<string, unknown> {
  const result = value as Readonly<Record<string, unknown>>;
  const resultType = result['resultType'] ?? 'complete';
  const meta = isObject(result['_meta']) ? result['_meta'] : undefined;
  // The full self-description where a client presents the server (discover); a brief one elsewhere.
  const info = method === 'server/discover' ? server.info : server.briefInfo;
  const out: Record<string, unknown> = { ...result, resultType, _meta: { ...meta, [META_SERVER_INFO]: info } };
  if (entry.cacheable && resultType === 'complete') {
    const hint = server.cacheHint(method);
    out['ttlMs'] ??= hint.ttlMs;
    out['cacheScope'] ??= hint.scope ?? 'private';
  }
  return out;
}

/** Serves a method that may answer `input_required`: replays the handler with the answers so far. */
export async function runWithReplay(
  server: ServerView,
  rpc: RequestContext,
  caller: Caller,
  method: string,
  params: Readonly<Record<string, unknown>>,
  meta: Readonly<Record<string, unknown>> | undefined,
  core: MethodHandler,
): Promise<Result> {
  const responses = params['inputResponses'];
  if (responses !== undefined && !isObject(responses)) throw RpcError.invalidParams('inputResponses must be an object');
  const binding: ReplayBinding = { method, params, principal: server.principal(caller.auth) };
  const earlier = params['requestState'] === undefined ? {} : await server.requestState.open(params['requestState'], binding);
  const channel = new ReplayChannel({ ...earlier, ...responses }, caller.clientCapabilities, caller.revision);
  const scope = new RequestScope(rpc, caller, server, channel, meta);
  const replayed: MethodHandler = async (request, ctx) => {
    const outcome = await Promise.race([
      core(request, ctx).then((result) => ({ result })),
      channel.stalled.then(() => undefined),
    ]);
    if (outcome !== undefined) return outcome.result;
    scope.stop(new LocalError('CANCELLED', 'The request needs input from the client'));
    return {
      resultType: 'input_required',
      inputRequests: channel.inputRequests,
      requestState: await server.requestState.seal(binding, channel.answers),
    };
  };
  return server.run({ method, params }, scope, replayed);
}

/** The `server/discover` result. */
export function discover(server: ServerView): MethodHandler {
  return (_request, ctx) => {
    // Every revision the server speaks, as -32022 lists them (the spec's example names a handshake revision too):
    // a client may pick a handshake revision from here and use `initialize`.
    const result: Record<string, unknown> = {
      supportedVersions: [...server.revisions],
      capabilities: server.capabilities(ctx.revision),
    };
    if (server.instructions !== undefined) result['instructions'] = server.instructions;
    return Promise.resolve(result);
  };
}

/** The part of a filter the server honours: only what its capabilities offer. */
export function honoured(server: ServerView, filter: SubscriptionFilter): SubscriptionFilter {
  const caps = server.capabilities();
  const out: Record<string, unknown> = {};
  if (filter.toolsListChanged === true && caps.tools?.listChanged === true) out['toolsListChanged'] = true;
  if (filter.promptsListChanged === true && caps.prompts?.listChanged === true) out['promptsListChanged'] = true;
  if (filter.resourcesListChanged === true && caps.resources?.listChanged === true) out['resourcesListChanged'] = true;
  if (Array.isArray(filter.resourceSubscriptions) && caps.resources?.subscribe === true)
    out['resourceSubscriptions'] = filter.resourceSubscriptions.filter((u): u is string => typeof u === 'string');
  if (Array.isArray(filter.taskIds) && server.offers('tasks'))
    out['taskIds'] = filter.taskIds.filter((t): t is string => typeof t === 'string');
  return out;
}

/**
 * `subscriptions/listen`: acknowledges first (with the honoured filter), then
 * delivers the requested notifications tagged with the subscription id until
 * the client cancels; at shutdown, ends with `notifications/cancelled` and a
 * complete result.
 */
export function listen(server: ServerView, rpc: RequestContext): MethodHandler {
  return async ({ params }, ctx: ServerContext) => {
    const id = rpc.id;
    const tag = { [META_SUBSCRIPTION_ID]: id };
    const asked = (params['notifications'] ?? {}) as SubscriptionFilter;
    assertTaskListen(asked, ctx.clientCapabilities);
    const filter = honoured(server, asked);
    await rpc.notify('notifications/subscriptions/acknowledged', { _meta: tag, notifications: filter });
    const send = (method: string, extra?: Record<string, unknown>): void => {
      rpc.notify(method, { _meta: tag, ...extra }).catch(() => undefined);
    };
    const wanted = new Set(filter.resourceSubscriptions ?? []);
    return new Promise<Result>((resolve) => {
      const off = server.subscribe({
        listChanged: (kind) => {
          if (filter[`${kind}ListChanged`] === true) send(`notifications/${kind}/list_changed`);
        },
        resourceUpdated: (uri) => {
          if (wanted.has(uri)) send('notifications/resources/updated', { uri });
        },
        taskChanged: taskListener(filter.taskIds, ctx, send),
        closing: () => {
          off();
          rpc.notify('notifications/cancelled', { requestId: id, reason: 'Server shutting down' }).catch(() => undefined);
          resolve({ _meta: tag });
        },
      });
      ctx.signal.addEventListener(
        'abort',
        () => {
          off();
          // The client cancelled: the engine sends no response.
          resolve({ _meta: tag });
        },
        { once: true },
      );
    });
  };
}
