/**
 * When a `tools/call` becomes a task, per protocol.
 *
 * - 2025-11-25: the client asks (`params.task`) where the tool allows it
 *   (`execution.taskSupport`); the task is created at once, answered as
 *   `{ task }`, and the handler runs in the background. A `required` tool called
 *   without `task`, or a `forbidden` one called with it, is -32601.
 * - Extension (2026-07-28): the server decides, for clients that declared
 *   `io.modelcontextprotocol/tasks`; see {@link TaskStart}. A `required` tool
 *   called without the extension is -32021.
 *
 * @module
 */
import type { RequestContext } from '../../jsonrpc/incoming.js';
import { LocalError } from '../../jsonrpc/localError.js';
import { RpcError, toRpcError } from '../../jsonrpc/rpcError.js';
import { isObject } from '../../protocol/check.js';
import { ErrorCode } from '../../protocol/errorCodes.js';
import { hasExtension, TASKS_EXTENSION } from '../../protocol/methods.js';
import type { CreateTaskResultCore, InputRequiredResult, Result } from '../../protocol/types/index.js';
import type { MethodHandler, ServerRequest } from '../middleware.js';
import type { Registry } from '../registry.js';
import { ReplayChannel, type ReplayBinding, type RequestStateCodec } from '../replay.js';
import { RequestScope, type Caller, type ScopeServices } from '../scope.js';
import type { TaskSession } from './taskSession.js';
import { CoreTaskChannel, TaskRpc } from './taskInputs.js';
import type { LiveTask } from './taskLive.js';
import type { TaskManager } from './taskManager.js';
import type { TaskOutcome } from './taskOptions.js';
import { coreTask, extensionTaskHandle } from './taskWire.js';
import { callTool, type ToolEntry } from '../tools.js';
import type { ServerContext } from '../context.js';

type Params = Readonly<Record<string, unknown>>;
type Support = 'forbidden' | 'optional' | 'required';

/** What task-augmented calls need from the server. */
export interface TaskCallServices extends ScopeServices {
  readonly tools: Registry<ToolEntry>;
  readonly tasks: TaskManager;
  readonly requestState: RequestStateCodec;
  readonly exposeErrorDetails: boolean;
  offers(path: string): boolean;
  run(request: ServerRequest, ctx: ServerContext, core: MethodHandler): Promise<Result>;
}

/** Handshake era: where the task-augmented call came from. */
export interface CoreCallLink {
  readonly session: TaskSession;
  readonly rpc: RequestContext;
  readonly caller: Caller;
  readonly meta: Readonly<Record<string, unknown>> | undefined;
}

const sessionKeys = new WeakMap<TaskSession, string>();

/**
 * Who owns a task: its principal; without one, in the handshake era, its
 * session (tasks of unauthenticated clients stay with their connection); in
 * the stateless era without one, nobody in particular (`''`): the task id's
 * 128 random bits are then the only protection.
 */
export function ownerOf(principal: string | undefined, session: TaskSession | undefined): string {
  if (principal !== undefined) return `p:${principal}`;
  if (session === undefined) return '';
  // The same session in several processes (scale-out) must own the same tasks.
  if (session.sessionId !== undefined) return `s:${session.sessionId}`;
  let key = sessionKeys.get(session);
  if (key === undefined) sessionKeys.set(session, (key = `s:${crypto.randomUUID()}`));
  return key;
}

/** -32021 naming the tasks extension. */
export function missingTasksExtension(what: string): RpcError {
  return new RpcError(
    ErrorCode.MissingRequiredClientCapability,
    `${what} needs the ${TASKS_EXTENSION} extension, which the client did not declare`,
    {
      requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } },
    },
  );
}

function supportOf(tool: ToolEntry): Support {
  return tool.definition.execution?.taskSupport ?? 'forbidden';
}

function refuse(message: string): MethodHandler {
  return () => Promise.reject(new RpcError(ErrorCode.MethodNotFound, message));
}

/** 2025-11-25: the handler of a task-augmented (or task-required) `tools/call`; undefined when the call runs as usual. */
export function coreToolCall(host: TaskCallServices, params: Params, link: CoreCallLink): MethodHandler | undefined {
  // Other handshake revisions have no tasks: `required` tools run as ordinary calls there.
  if (link.caller.revision !== '2025-11-25' || !host.offers('tasks')) return undefined;
  const name = params['name'] as string;
  const tool = host.tools.get(name);
  if (tool === undefined) return undefined;
  const support = supportOf(tool);
  const task = params['task'];
  if (task === undefined)
    return support === 'required'
      ? refuse(`Tool ${name} must be called as a task (execution.taskSupport "required")`)
      : undefined;
  if (support === 'forbidden') return refuse(`Tool ${name} cannot be called as a task (execution.taskSupport "forbidden")`);
  const ttl = isObject(task) && typeof task['ttl'] === 'number' ? task['ttl'] : undefined;
  return async (_request, ctx) => {
    const owner = ownerOf(ctx.principal, link.session);
    host.tasks.assertRoom(owner);
    const { live, created } = host.tasks.open({ owner, flavor: 'core', ttlMs: ttl, session: link.session });
    const record = await created;
    const rpc = new TaskRpc(link.rpc, live, link.session.connection);
    const channel = new CoreTaskChannel(live, rpc, link.caller.clientCapabilities, link.caller.revision);
    const scope = new RequestScope(rpc, link.caller, host, channel, link.meta);
    host.tasks.run(live, () => call(host, tool, params, scope));
    const answer: CreateTaskResultCore = { task: coreTask(record) };
    return answer;
  };
}

/** Extension: serves a `tools/call` of a task-capable tool; undefined when the call runs as usual. */
export function extensionToolCall(
  host: TaskCallServices,
  rpc: RequestContext,
  caller: Caller,
  params: Params,
  meta: Readonly<Record<string, unknown>> | undefined,
): Promise<Result> | undefined {
  if (!host.offers('tasks')) return undefined;
  const name = params['name'] as string;
  const tool = host.tools.get(name);
  if (tool === undefined) return undefined;
  const support = supportOf(tool);
  if (support === 'forbidden') return undefined;
  if (!hasExtension(caller.clientCapabilities, TASKS_EXTENSION)) {
    return support === 'optional' ? undefined : Promise.reject(missingTasksExtension(`Tool ${name} runs only as a task: it`));
  }
  return runTaskCall(host, rpc, caller, params, meta, tool, support);
}

async function runTaskCall(
  host: TaskCallServices,
  rpc: RequestContext,
  caller: Caller,
  params: Params,
  meta: Readonly<Record<string, unknown>> | undefined,
  tool: ToolEntry,
  support: Support,
): Promise<Result> {
  const responses = params['inputResponses'];
  if (responses !== undefined && !isObject(responses)) throw RpcError.invalidParams('inputResponses must be an object');
  const principal = host.principal(caller.auth);
  const binding: ReplayBinding = { method: 'tools/call', params, principal };
  const earlier = params['requestState'] === undefined ? {} : await host.requestState.open(params['requestState'], binding);
  const channel = new ReplayChannel({ ...earlier, ...responses }, caller.clientCapabilities, caller.revision);
  const scope = new RequestScope(rpc, caller, host, channel, meta);
  const owner = ownerOf(principal, undefined);
  const start = tool.definition.taskStart ?? host.tasks.start;
  const core: MethodHandler = async (_request, ctx) => {
    // An optional tool whose owner has too many unfinished tasks runs as an ordinary call.
    const room = host.tasks.hasRoom(owner);
    if (!room && support === 'required') host.tasks.assertRoom(owner);
    if (start === 'immediate' && room) {
      const { live, created } = host.tasks.open({ owner, flavor: 'extension' });
      channel.attach(live);
      follow(live, scope);
      const record = await created;
      host.tasks.run(live, () => call(host, tool, params, ctx));
      return extensionTaskHandle(record);
    }
    return escalate(host, { scope, channel, binding, owner, support, room, running: call(host, tool, params, ctx) });
  };
  return host.run({ method: 'tools/call', params }, scope, core);
}

interface Escalation {
  readonly scope: RequestScope;
  readonly channel: ReplayChannel;
  readonly binding: ReplayBinding;
  readonly owner: string;
  readonly support: Support;
  /** False: the call may not become a task (its owner has too many). */
  readonly room: boolean;
  readonly running: Promise<Readonly<Record<string, unknown>>>;
}

/** `auto` start: the call's result, an MRTR round, or a task, whichever the handler's first moves call for. */
async function escalate(host: TaskCallServices, e: Escalation): Promise<Result> {
  let settled = false;
  const outcome = e.running.then(
    (result): TaskOutcome => ({ result }),
    (error: unknown): TaskOutcome => ({ error: toRpcError(error, { exposeDetails: host.exposeErrorDetails }).toJSON() }),
  );
  void outcome.then(() => (settled = true));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const task = new Promise<ReturnType<TaskManager['open']>>((resolve) => {
    if (!e.room) return;
    timer = setTimeout(() => {
      // Waiting for input it lacks: the stall ends the round (MRTR before any task).
      if (settled || e.channel.waiting) return;
      const opened = host.tasks.open({ owner: e.owner, flavor: 'extension' });
      e.channel.attach(opened.live);
      follow(opened.live, e.scope);
      resolve(opened);
    }, host.tasks.graceMs);
  });
  const first = await Promise.race([outcome, e.channel.stalled.then(() => 'stalled' as const), task]);
  clearTimeout(timer);
  if (first === 'stalled') {
    e.scope.stop(new LocalError('CANCELLED', 'The request needs input from the client'));
    const needed: InputRequiredResult = {
      resultType: 'input_required',
      inputRequests: e.channel.inputRequests,
      requestState: await host.requestState.seal(e.binding, e.channel.answers),
    };
    return needed;
  }
  if ('live' in first) {
    const record = await first.created;
    host.tasks.run(first.live, () => e.running);
    return extensionTaskHandle(record);
  }
  // Finished within the grace: an optional tool answers as usual, a required one with a finished task.
  if (e.support === 'optional') {
    if ('error' in first) throw RpcError.fromObject(first.error);
    return first.result;
  }
  return extensionTaskHandle(await host.tasks.open({ owner: e.owner, flavor: 'extension', outcome: first }).created);
}

/** The task's cancellation, expiry or shutdown stops the handler (its `ctx.signal` fires). */
function follow(live: LiveTask, scope: RequestScope): void {
  live.controller.signal.addEventListener(
    'abort',
    () => {
      scope.stop(live.controller.signal.reason);
    },
    { once: true },
  );
}

async function call(
  host: TaskCallServices,
  tool: ToolEntry,
  params: Params,
  ctx: ServerContext,
): Promise<Readonly<Record<string, unknown>>> {
  const result = await callTool(tool, params['arguments'], ctx, { exposeErrorDetails: host.exposeErrorDetails });
  return result as unknown as Readonly<Record<string, unknown>>;
}
