import type { NotificationEntry, RequestEntry } from './methodTable.js';
import type * as T from './types/index.js';
import { type Revision } from './versions.js';
/** The tasks extension's identifier. */
export declare const TASKS_EXTENSION: T.TasksExtensionId;
/** Every request method → its params and (complete) result. */
export interface RequestMap {
    /** Open a session (≤ 2025-11-25). */
    readonly initialize: {
        params: T.InitializeParams;
        result: T.InitializeResult;
    };
    /** Liveness check, either direction (≤ 2025-11-25). */
    readonly ping: {
        params: T.PingParams;
        result: T.PingResult;
    };
    /** Versions, capabilities and instructions of the server (2026-07-28+). */
    readonly 'server/discover': {
        params: T.DiscoverParams;
        result: T.DiscoverResult;
    };
    /** Open a notification stream (2026-07-28+). */
    readonly 'subscriptions/listen': {
        params: T.SubscriptionsListenParams;
        result: T.SubscriptionsListenResult;
    };
    /** List tools. */
    readonly 'tools/list': {
        params: T.ListToolsParams;
        result: T.ListToolsResult;
    };
    /** Call a tool. */
    readonly 'tools/call': {
        params: T.CallToolParams;
        result: T.CallToolResult;
    };
    /** List prompts. */
    readonly 'prompts/list': {
        params: T.ListPromptsParams;
        result: T.ListPromptsResult;
    };
    /** Get a prompt. */
    readonly 'prompts/get': {
        params: T.GetPromptParams;
        result: T.GetPromptResult;
    };
    /** List resources. */
    readonly 'resources/list': {
        params: T.ListResourcesParams;
        result: T.ListResourcesResult;
    };
    /** List resource templates. */
    readonly 'resources/templates/list': {
        params: T.ListResourceTemplatesParams;
        result: T.ListResourceTemplatesResult;
    };
    /** Read a resource. */
    readonly 'resources/read': {
        params: T.ReadResourceParams;
        result: T.ReadResourceResult;
    };
    /** Subscribe to a resource's updates (≤ 2025-11-25). */
    readonly 'resources/subscribe': {
        params: T.SubscribeParams;
        result: T.SubscribeResult;
    };
    /** Unsubscribe from a resource's updates (≤ 2025-11-25). */
    readonly 'resources/unsubscribe': {
        params: T.UnsubscribeParams;
        result: T.UnsubscribeResult;
    };
    /** Complete an argument. */
    readonly 'completion/complete': {
        params: T.CompleteParams;
        result: T.CompleteResult;
    };
    /** Set the server's log level (≤ 2025-11-25). */
    readonly 'logging/setLevel': {
        params: T.SetLevelParams;
        result: T.SetLevelResult;
    };
    /** Sample the client's LLM. */
    readonly 'sampling/createMessage': {
        params: T.CreateMessageParams;
        result: T.CreateMessageResult;
    };
    /** Elicit input from the user. */
    readonly 'elicitation/create': {
        params: T.ElicitParams;
        result: T.ElicitResult;
    };
    /** List the client's roots. */
    readonly 'roots/list': {
        params: T.ListRootsParams;
        result: T.ListRootsResult;
    };
    /** Poll a task. */
    readonly 'tasks/get': {
        params: T.GetTaskParams;
        result: T.GetTaskResult;
    };
    /** Wait for a task's result (2025-11-25). */
    readonly 'tasks/result': {
        params: T.GetTaskPayloadParams;
        result: T.GetTaskPayloadResult;
    };
    /** List tasks (2025-11-25). */
    readonly 'tasks/list': {
        params: T.ListTasksParams;
        result: T.ListTasksResult;
    };
    /** Cancel a task. */
    readonly 'tasks/cancel': {
        params: T.CancelTaskParams;
        result: T.CancelTaskResult;
    };
    /** Answer a task's input requests (tasks extension). */
    readonly 'tasks/update': {
        params: T.UpdateTaskParams;
        result: T.UpdateTaskResult;
    };
}
/** Every notification method → its params. */
export interface NotificationMap {
    /** Cancel a request. */
    readonly 'notifications/cancelled': {
        params: T.CancelledParams;
    };
    /** Progress of a request. */
    readonly 'notifications/progress': {
        params: T.ProgressParams;
    };
    /** The handshake finished (≤ 2025-11-25). */
    readonly 'notifications/initialized': {
        params: T.InitializedParams;
    };
    /** A log message. */
    readonly 'notifications/message': {
        params: T.LoggingMessageParams;
    };
    /** The tool list changed. */
    readonly 'notifications/tools/list_changed': {
        params: T.ListChangedParams;
    };
    /** The prompt list changed. */
    readonly 'notifications/prompts/list_changed': {
        params: T.ListChangedParams;
    };
    /** The resource list changed. */
    readonly 'notifications/resources/list_changed': {
        params: T.ListChangedParams;
    };
    /** A subscribed resource changed. */
    readonly 'notifications/resources/updated': {
        params: T.ResourceUpdatedParams;
    };
    /** The client's roots changed (≤ 2025-11-25). */
    readonly 'notifications/roots/list_changed': {
        params: T.RootsListChangedParams;
    };
    /** A URL-mode elicitation completed (2025-11-25). */
    readonly 'notifications/elicitation/complete': {
        params: T.ElicitationCompleteParams;
    };
    /** A task's status changed (2025-11-25). */
    readonly 'notifications/tasks/status': {
        params: T.TaskStatusParams;
    };
    /** A subscription stream is open (2026-07-28+). */
    readonly 'notifications/subscriptions/acknowledged': {
        params: T.SubscriptionsAcknowledgedParams;
    };
    /** A task's state changed (tasks extension). */
    readonly 'notifications/tasks': {
        params: T.TaskStatusParams;
    };
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
export type WireResultOf<M extends RequestMethod> = ResultOf<M> | (M extends InputRequiredMethod ? T.InputRequiredResult : never) | (M extends 'tools/call' ? T.CreateTaskResult : never);
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
/** Metadata of every request method. */
export declare const REQUESTS: {
    readonly [M in RequestMethod]: RequestEntry<ParamsOf<M>, ResultOf<M>> & {
        readonly from: RequestSender<M>;
    };
};
/** Metadata of every notification method. */
export declare const NOTIFICATIONS: {
    readonly [M in NotificationMethod]: NotificationEntry<NotificationParamsOf<M>> & {
        readonly from: NotificationSender<M>;
    };
};
/** The metadata of a request method, or `undefined` for a method MCP does not define. */
export declare function requestEntry(method: string): RequestEntry | undefined;
/** The metadata of a notification method, or `undefined` for a method MCP does not define. */
export declare function notificationEntry(method: string): NotificationEntry | undefined;
/**
 * True if `method` travels on the wire in `revision`. In the stateless era a
 * method an extension offers counts only when that extension is in
 * `extensions` (the identifiers both sides declared). Methods carried only as
 * MRTR input requests (`inputRequestIn`) do not count.
 */
export declare function hasMethod(method: string, revision: Revision, extensions?: readonly string[]): boolean;
/**
 * True if the dotted `path` (`"tools"`, `"resources.subscribe"`) names a
 * capability that is present and not `false`.
 */
export declare function hasCapability(capabilities: object | undefined, path: string): boolean;
/** True if `capabilities.extensions` declares the extension `id` (ids contain dots, so no dotted path). */
export declare function hasExtension(capabilities: object | undefined, id: string): boolean;
export {};
//# sourceMappingURL=methods.d.ts.map