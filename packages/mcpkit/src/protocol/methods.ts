/**
 * The method table: every MCP request and notification of every revision
 * (2024-11-05 … 2026-07-28) and of the tasks extension, declared once. The
 * type maps give each method its params and result; the runtime entries give
 * its sender, revisions, gating capability and structural checks.
 *
 * The runtime entries are typed against the maps, so a method missing its
 * metadata, carrying the wrong checks, or declaring the wrong sender is a
 * compile error.
 *
 * @module
 */
import { isObject } from './check.js';
import * as wire from './messageChecks.js';
import type { NotificationEntry, RequestEntry, Sender } from './methodTable.js';
import type * as T from './types/index.js';
import { HANDSHAKE_REVISIONS, REVISIONS, eraOf, type Revision } from './versions.js';

/** The tasks extension's identifier. */
export const TASKS_EXTENSION: T.TasksExtensionId = 'io.modelcontextprotocol/tasks';

/** Every request method → its params and (complete) result. */
export interface RequestMap {
  /** Open a session (≤ 2025-11-25). */
  readonly initialize: { params: T.InitializeParams; result: T.InitializeResult };
  /** Liveness check, either direction (≤ 2025-11-25). */
  readonly ping: { params: T.PingParams; result: T.PingResult };
  /** Versions, capabilities and instructions of the server (2026-07-28+). */
  readonly 'server/discover': { params: T.DiscoverParams; result: T.DiscoverResult };
  /** Open a notification stream (2026-07-28+). */
  readonly 'subscriptions/listen': { params: T.SubscriptionsListenParams; result: T.SubscriptionsListenResult };
  /** List tools. */
  readonly 'tools/list': { params: T.ListToolsParams; result: T.ListToolsResult };
  /** Call a tool. */
  readonly 'tools/call': { params: T.CallToolParams; result: T.CallToolResult };
  /** List prompts. */
  readonly 'prompts/list': { params: T.ListPromptsParams; result: T.ListPromptsResult };
  /** Get a prompt. */
  readonly 'prompts/get': { params: T.GetPromptParams; result: T.GetPromptResult };
  /** List resources. */
  readonly 'resources/list': { params: T.ListResourcesParams; result: T.ListResourcesResult };
  /** List resource templates. */
  readonly 'resources/templates/list': { params: T.ListResourceTemplatesParams; result: T.ListResourceTemplatesResult };
  /** Read a resource. */
  readonly 'resources/read': { params: T.ReadResourceParams; result: T.ReadResourceResult };
  /** Subscribe to a resource's updates (≤ 2025-11-25). */
  readonly 'resources/subscribe': { params: T.SubscribeParams; result: T.SubscribeResult };
  /** Unsubscribe from a resource's updates (≤ 2025-11-25). */
  readonly 'resources/unsubscribe': { params: T.UnsubscribeParams; result: T.UnsubscribeResult };
  /** Complete an argument. */
  readonly 'completion/complete': { params: T.CompleteParams; result: T.CompleteResult };
  /** Set the server's log level (≤ 2025-11-25). */
  readonly 'logging/setLevel': { params: T.SetLevelParams; result: T.SetLevelResult };
  /** Sample the client's LLM. */
  readonly 'sampling/createMessage': { params: T.CreateMessageParams; result: T.CreateMessageResult };
  /** Elicit input from the user. */
  readonly 'elicitation/create': { params: T.ElicitParams; result: T.ElicitResult };
  /** List the client's roots. */
  readonly 'roots/list': { params: T.ListRootsParams; result: T.ListRootsResult };
  /** Poll a task. */
  readonly 'tasks/get': { params: T.GetTaskParams; result: T.GetTaskResult };
  /** Wait for a task's result (2025-11-25). */
  readonly 'tasks/result': { params: T.GetTaskPayloadParams; result: T.GetTaskPayloadResult };
  /** List tasks (2025-11-25). */
  readonly 'tasks/list': { params: T.ListTasksParams; result: T.ListTasksResult };
  /** Cancel a task. */
  readonly 'tasks/cancel': { params: T.CancelTaskParams; result: T.CancelTaskResult };
  /** Answer a task's input requests (tasks extension). */
  readonly 'tasks/update': { params: T.UpdateTaskParams; result: T.UpdateTaskResult };
}

/** Every notification method → its params. */
export interface NotificationMap {
  /** Cancel a request. */
  readonly 'notifications/cancelled': { params: T.CancelledParams };
  /** Progress of a request. */
  readonly 'notifications/progress': { params: T.ProgressParams };
  /** The handshake finished (≤ 2025-11-25). */
  readonly 'notifications/initialized': { params: T.InitializedParams };
  /** A log message. */
  readonly 'notifications/message': { params: T.LoggingMessageParams };
  /** The tool list changed. */
  readonly 'notifications/tools/list_changed': { params: T.ListChangedParams };
  /** The prompt list changed. */
  readonly 'notifications/prompts/list_changed': { params: T.ListChangedParams };
  /** The resource list changed. */
  readonly 'notifications/resources/list_changed': { params: T.ListChangedParams };
  /** A subscribed resource changed. */
  readonly 'notifications/resources/updated': { params: T.ResourceUpdatedParams };
  /** The client's roots changed (≤ 2025-11-25). */
  readonly 'notifications/roots/list_changed': { params: T.RootsListChangedParams };
  /** A URL-mode elicitation completed (2025-11-25). */
  readonly 'notifications/elicitation/complete': { params: T.ElicitationCompleteParams };
  /** A task's status changed (2025-11-25). */
  readonly 'notifications/tasks/status': { params: T.TaskStatusParams };
  /** A subscription stream is open (2026-07-28+). */
  readonly 'notifications/subscriptions/acknowledged': { params: T.SubscriptionsAcknowledgedParams };
  /** A task's state changed (tasks extension). */
  readonly 'notifications/tasks': { params: T.TaskStatusParams };
}

/** A request method. */
export type RequestMethod = keyof RequestMap;
/** A notification method. */
export type NotificationMethod = keyof NotificationMap;
/** The params of request `M`. */
export type ParamsOf<M extends RequestMethod> = RequestMap[M]['params'];
/** The complete result of request `M`. */
export type ResultOf<M extends RequestMethod> = RequestMap[M]['result'];
/** The params of notification `M`. */
export type NotificationParamsOf<M extends NotificationMethod> = NotificationMap[M]['params'];

/** Requests that may answer `input_required` (2026-07-28). */
export type InputRequiredMethod = 'tools/call' | 'resources/read' | 'prompts/get';
/** Everything request `M` may answer: its result, `input_required`, or (tools) a task handle. */
export type WireResultOf<M extends RequestMethod> =
  | ResultOf<M>
  | (M extends InputRequiredMethod ? T.InputRequiredResult : never)
  | (M extends 'tools/call' ? T.CreateTaskResult : never);

type ServerOnlyRequest = 'roots/list' | 'sampling/createMessage' | 'elicitation/create';
type EitherRequest = 'ping' | 'tasks/get' | 'tasks/result' | 'tasks/list' | 'tasks/cancel';
type ClientOnlyNotification = 'notifications/initialized' | 'notifications/roots/list_changed';
type EitherNotification = 'notifications/cancelled' | 'notifications/progress' | 'notifications/tasks/status';

/** Requests a client sends (alone or like either side). */
export type ClientRequestMethod = Exclude<RequestMethod, ServerOnlyRequest>;
/** Requests a server sends (alone or like either side). */
export type ServerRequestMethod = ServerOnlyRequest | EitherRequest;
/** Notifications a client sends. */
export type ClientNotificationMethod = ClientOnlyNotification | EitherNotification;
/** Notifications a server sends. */
export type ServerNotificationMethod = Exclude<NotificationMethod, ClientOnlyNotification>;

type RequestSender<M> = M extends EitherRequest ? 'either' : M extends ServerOnlyRequest ? 'server' : 'client';
type NotificationSender<M> = M extends EitherNotification ? 'either' : M extends ClientOnlyNotification ? 'client' : 'server';

type Flags = 'kind' | 'paginated' | 'cacheable' | 'inputRequired';
type RequestSpec<P, R, F extends Sender> = Omit<RequestEntry<P, R>, Flags | 'from'> &
  Partial<Pick<RequestEntry<P, R>, Flags>> & { readonly from: F };

function request<P, R, F extends Sender>(spec: RequestSpec<P, R, F>): RequestEntry<P, R> & { readonly from: F } {
  return { kind: 'request', paginated: false, cacheable: false, inputRequired: false, ...spec };
}

function notification<P, F extends Sender>(
  spec: Omit<NotificationEntry<P>, 'kind' | 'from'> & { readonly from: F },
): NotificationEntry<P> & { readonly from: F } {
  return { kind: 'notification', ...spec };
}

const ALL = REVISIONS;
const HANDSHAKE = HANDSHAKE_REVISIONS;
const ELICITATION: readonly Revision[] = ['2025-06-18', '2025-11-25'];
const ONLY_2025_11_25: readonly Revision[] = ['2025-11-25'];
const TASKS: readonly Revision[] = ['2025-11-25', '2026-07-28'];
const STATELESS: readonly Revision[] = ['2026-07-28'];
const extension = TASKS_EXTENSION;

/** Metadata of every request method. */
export const REQUESTS: {
  readonly [M in RequestMethod]: RequestEntry<ParamsOf<M>, ResultOf<M>> & { readonly from: RequestSender<M> };
} = {
  initialize: request({ from: 'client', revisions: HANDSHAKE, params: wire.initializeParams, result: wire.initializeResult }),
  ping: request({ from: 'either', revisions: HANDSHAKE, params: wire.requestParams, result: wire.emptyResult }),
  'server/discover': request({
    from: 'client',
    revisions: STATELESS,
    cacheable: true,
    params: wire.requestParams,
    result: wire.discoverResult,
  }),
  'subscriptions/listen': request({
    from: 'client',
    revisions: STATELESS,
    params: wire.subscriptionsListenParams,
    result: wire.subscriptionsListenResult,
  }),
  'tools/list': request({
    from: 'client',
    revisions: ALL,
    capability: 'tools',
    paginated: true,
    cacheable: true,
    params: wire.paginatedParams,
    result: wire.listToolsResult,
  }),
  'tools/call': request({
    from: 'client',
    revisions: ALL,
    capability: 'tools',
    inputRequired: true,
    params: wire.callToolParams,
    result: wire.callToolResult,
  }),
  'prompts/list': request({
    from: 'client',
    revisions: ALL,
    capability: 'prompts',
    paginated: true,
    cacheable: true,
    params: wire.paginatedParams,
    result: wire.listPromptsResult,
  }),
  'prompts/get': request({
    from: 'client',
    revisions: ALL,
    capability: 'prompts',
    inputRequired: true,
    params: wire.getPromptParams,
    result: wire.getPromptResult,
  }),
  'resources/list': request({
    from: 'client',
    revisions: ALL,
    capability: 'resources',
    paginated: true,
    cacheable: true,
    params: wire.paginatedParams,
    result: wire.listResourcesResult,
  }),
  'resources/templates/list': request({
    from: 'client',
    revisions: ALL,
    capability: 'resources',
    paginated: true,
    cacheable: true,
    params: wire.paginatedParams,
    result: wire.listResourceTemplatesResult,
  }),
  'resources/read': request({
    from: 'client',
    revisions: ALL,
    capability: 'resources',
    cacheable: true,
    inputRequired: true,
    params: wire.readResourceParams,
    result: wire.readResourceResult,
  }),
  'resources/subscribe': request({
    from: 'client',
    revisions: HANDSHAKE,
    capability: 'resources.subscribe',
    params: wire.subscribeParams,
    result: wire.emptyResult,
  }),
  'resources/unsubscribe': request({
    from: 'client',
    revisions: HANDSHAKE,
    capability: 'resources.subscribe',
    params: wire.subscribeParams,
    result: wire.emptyResult,
  }),
  // 2024-11-05 has no `completions` capability: there, servers answer completion unannounced.
  'completion/complete': request({
    from: 'client',
    revisions: ALL,
    capability: 'completions',
    params: wire.completeParams,
    result: wire.completeResult,
  }),
  'logging/setLevel': request({
    from: 'client',
    revisions: HANDSHAKE,
    capability: 'logging',
    params: wire.setLevelParams,
    result: wire.emptyResult,
  }),
  'sampling/createMessage': request({
    from: 'server',
    revisions: HANDSHAKE,
    inputRequestIn: STATELESS,
    capability: 'sampling',
    params: wire.createMessageParams,
    result: wire.createMessageResult,
  }),
  'elicitation/create': request({
    from: 'server',
    revisions: ELICITATION,
    inputRequestIn: STATELESS,
    capability: 'elicitation',
    params: wire.elicitParams,
    result: wire.elicitResult,
  }),
  'roots/list': request({
    from: 'server',
    revisions: HANDSHAKE,
    inputRequestIn: STATELESS,
    capability: 'roots',
    params: wire.requestParams,
    result: wire.listRootsResult,
  }),
  'tasks/get': request({
    from: 'either',
    revisions: TASKS,
    extension,
    capability: 'tasks',
    params: wire.taskIdParams,
    result: wire.getTaskResult,
  }),
  'tasks/result': request({
    from: 'either',
    revisions: ONLY_2025_11_25,
    capability: 'tasks',
    params: wire.taskIdParams,
    result: wire.taskPayloadResult,
  }),
  'tasks/list': request({
    from: 'either',
    revisions: ONLY_2025_11_25,
    capability: 'tasks.list',
    paginated: true,
    params: wire.paginatedParams,
    result: wire.listTasksResult,
  }),
  'tasks/cancel': request({
    from: 'either',
    revisions: TASKS,
    extension,
    capability: 'tasks.cancel',
    params: wire.taskIdParams,
    result: wire.cancelTaskResult,
  }),
  'tasks/update': request({
    from: 'client',
    revisions: STATELESS,
    extension,
    params: wire.updateTaskParams,
    result: wire.emptyResult,
  }),
};

/** Metadata of every notification method. */
export const NOTIFICATIONS: {
  readonly [M in NotificationMethod]: NotificationEntry<NotificationParamsOf<M>> & { readonly from: NotificationSender<M> };
} = {
  'notifications/cancelled': notification({ from: 'either', revisions: ALL, params: wire.cancelledParams }),
  'notifications/progress': notification({ from: 'either', revisions: ALL, params: wire.progressParams }),
  'notifications/initialized': notification({ from: 'client', revisions: HANDSHAKE, params: wire.notificationParams }),
  'notifications/message': notification({
    from: 'server',
    revisions: ALL,
    capability: 'logging',
    params: wire.loggingMessageParams,
  }),
  'notifications/tools/list_changed': notification({
    from: 'server',
    revisions: ALL,
    capability: 'tools.listChanged',
    params: wire.notificationParams,
  }),
  'notifications/prompts/list_changed': notification({
    from: 'server',
    revisions: ALL,
    capability: 'prompts.listChanged',
    params: wire.notificationParams,
  }),
  'notifications/resources/list_changed': notification({
    from: 'server',
    revisions: ALL,
    capability: 'resources.listChanged',
    params: wire.notificationParams,
  }),
  'notifications/resources/updated': notification({
    from: 'server',
    revisions: ALL,
    capability: 'resources.subscribe',
    params: wire.resourceUpdatedParams,
  }),
  'notifications/roots/list_changed': notification({
    from: 'client',
    revisions: HANDSHAKE,
    capability: 'roots.listChanged',
    params: wire.notificationParams,
  }),
  // Gated by the receiving client's `elicitation.url`, not by a capability of the sender.
  'notifications/elicitation/complete': notification({
    from: 'server',
    revisions: ONLY_2025_11_25,
    params: wire.elicitationCompleteParams,
  }),
  'notifications/tasks/status': notification({
    from: 'either',
    revisions: ONLY_2025_11_25,
    capability: 'tasks',
    params: wire.taskStatusParams,
  }),
  'notifications/subscriptions/acknowledged': notification({
    from: 'server',
    revisions: STATELESS,
    params: wire.subscriptionsAcknowledgedParams,
  }),
  'notifications/tasks': notification({ from: 'server', revisions: STATELESS, extension, params: wire.taskStatusParams }),
};

/** The metadata of a request method, or `undefined` for a method MCP does not define. */
export function requestEntry(method: string): RequestEntry | undefined {
  return Object.hasOwn(REQUESTS, method) ? REQUESTS[method as RequestMethod] : undefined;
}

/** The metadata of a notification method, or `undefined` for a method MCP does not define. */
export function notificationEntry(method: string): NotificationEntry | undefined {
  return Object.hasOwn(NOTIFICATIONS, method) ? NOTIFICATIONS[method as NotificationMethod] : undefined;
}

/**
 * True if `method` travels on the wire in `revision`. In the stateless era a
 * method an extension offers counts only when that extension is in
 * `extensions` (the identifiers both sides declared). Methods carried only as
 * MRTR input requests (`inputRequestIn`) do not count.
 */
export function hasMethod(method: string, revision: Revision, extensions: readonly string[] = []): boolean {
  const entry = requestEntry(method) ?? notificationEntry(method);
  if (entry === undefined || !entry.revisions.includes(revision)) return false;
  return entry.extension === undefined || eraOf(revision) === 'handshake' || extensions.includes(entry.extension);
}

/**
 * True if the dotted `path` (`"tools"`, `"resources.subscribe"`) names a
 * capability that is present and not `false`.
 */
export function hasCapability(capabilities: object | undefined, path: string): boolean {
  let node: unknown = capabilities;
  for (const key of pathKeys(path)) {
    if (!isObject(node) || !Object.hasOwn(node, key)) return false;
    node = node[key];
  }
  return node !== undefined && node !== null && node !== false;
}

/** Capability paths split once: they are asked on every call, and the set of them is small. */
const PATH_KEYS = new Map<string, readonly string[]>();

function pathKeys(path: string): readonly string[] {
  let keys = PATH_KEYS.get(path);
  if (keys === undefined) {
    keys = path.split('.');
    if (PATH_KEYS.size < 256) PATH_KEYS.set(path, keys);
  }
  return keys;
}

/** True if `capabilities.extensions` declares the extension `id` (ids contain dots, so no dotted path). */
export function hasExtension(capabilities: object | undefined, id: string): boolean {
  if (!isObject(capabilities)) return false;
  const extensions = capabilities['extensions'];
  return isObject(extensions) && Object.hasOwn(extensions, id) && isObject(extensions[id]);
}
