/**
 * The structural checks of every MCP message, built from `check.ts`. Each
 * checks the top-level fields a receiver reads (and the identifying fields of
 * list items), never deep content: tool arguments, structured content and
 * content blocks' bodies are validated elsewhere, if at all.
 *
 * Params checks of methods whose params the spec lets the sender omit accept
 * `undefined`. Result checks cover the *complete* result: a receiver reads
 * `resultType` first and uses {@link inputRequiredResult} or
 * {@link createTaskResult} for the other shapes.
 *
 * @module
 */
import type { Check } from './check.js';
import type { CallToolParams, CallToolResult, CancelledParams, CancelTaskParams, CancelTaskResult, CompleteParams, CompleteResult, CreateMessageParams, CreateMessageResult, CreateTaskResult, DiscoverResult, ElicitationCompleteParams, ElicitParams, ElicitResult, GetPromptParams, GetPromptResult, GetTaskPayloadParams, GetTaskPayloadResult, GetTaskResult, InitializeParams, InitializeResult, InputRequiredResult, ListPromptsResult, ListResourcesResult, ListResourceTemplatesResult, ListRootsResult, ListTasksResult, ListToolsResult, LoggingMessageParams, MissingRequiredClientCapabilityData, NotificationParams, PaginatedParams, ProgressParams, ReadResourceParams, ReadResourceResult, RequestParams, ResourceUpdatedParams, Result, SetLevelParams, SubscribeParams, SubscriptionsAcknowledgedParams, SubscriptionsListenParams, SubscriptionsListenResult, TaskStatusParams, UnsupportedProtocolVersionData, UpdateTaskParams, UrlElicitationRequiredData } from './types/index.js';
/** Params that are only `_meta` (ping, discover, roots/list), possibly omitted. */
export declare const requestParams: Check<RequestParams>;
/** Params of a paginated list, possibly omitted. */
export declare const paginatedParams: Check<PaginatedParams>;
/** A result with no fields of its own. */
export declare const emptyResult: Check<Result>;
/** Params of a notification with no fields of its own, possibly omitted. */
export declare const notificationParams: Check<NotificationParams>;
/** `initialize` params. */
export declare const initializeParams: Check<InitializeParams>;
/** `initialize` result. */
export declare const initializeResult: Check<InitializeResult>;
/** `server/discover` result. */
export declare const discoverResult: Check<DiscoverResult>;
/** `tools/list` result. */
export declare const listToolsResult: Check<ListToolsResult>;
/** `tools/call` params. */
export declare const callToolParams: Check<CallToolParams>;
/** `tools/call` complete result. */
export declare const callToolResult: Check<CallToolResult>;
/** `prompts/list` result. */
export declare const listPromptsResult: Check<ListPromptsResult>;
/** `prompts/get` params. */
export declare const getPromptParams: Check<GetPromptParams>;
/** `prompts/get` complete result. */
export declare const getPromptResult: Check<GetPromptResult>;
/** `resources/list` result. */
export declare const listResourcesResult: Check<ListResourcesResult>;
/** `resources/templates/list` result. */
export declare const listResourceTemplatesResult: Check<ListResourceTemplatesResult>;
/** `resources/read` params. */
export declare const readResourceParams: Check<ReadResourceParams>;
/** `resources/read` complete result. */
export declare const readResourceResult: Check<ReadResourceResult>;
/** `resources/subscribe` and `resources/unsubscribe` params. */
export declare const subscribeParams: Check<SubscribeParams>;
/** `completion/complete` params. */
export declare const completeParams: Check<CompleteParams>;
/** `completion/complete` result. */
export declare const completeResult: Check<CompleteResult>;
/** `logging/setLevel` params. */
export declare const setLevelParams: Check<SetLevelParams>;
/** `sampling/createMessage` params. */
export declare const createMessageParams: Check<CreateMessageParams>;
/** `sampling/createMessage` result. */
export declare const createMessageResult: Check<CreateMessageResult>;
/** `elicitation/create` params: URL mode when `mode` is `"url"`, else form mode. */
export declare const elicitParams: Check<ElicitParams>;
/** `elicitation/create` result. */
export declare const elicitResult: Check<ElicitResult>;
/** `roots/list` result. */
export declare const listRootsResult: Check<ListRootsResult>;
/** `subscriptions/listen` params. */
export declare const subscriptionsListenParams: Check<SubscriptionsListenParams>;
/** `subscriptions/listen` result: the stream's id in `_meta`. */
export declare const subscriptionsListenResult: Check<SubscriptionsListenResult>;
/** Params naming a task (`tasks/get`, `tasks/result`, `tasks/cancel`). */
export declare const taskIdParams: Check<GetTaskPayloadParams & CancelTaskParams>;
/** `tasks/get` result. */
export declare const getTaskResult: Check<GetTaskResult>;
/** `tasks/result` result: whatever the original request answers. */
export declare const taskPayloadResult: Check<GetTaskPayloadResult>;
/** `tasks/list` result. */
export declare const listTasksResult: Check<ListTasksResult>;
/** `tasks/cancel` result: the task (2025-11-25) or an empty ack (extension). */
export declare const cancelTaskResult: Check<CancelTaskResult>;
/** `tasks/update` params. */
export declare const updateTaskParams: Check<UpdateTaskParams>;
/** `notifications/cancelled` params. */
export declare const cancelledParams: Check<CancelledParams>;
/** `notifications/progress` params. */
export declare const progressParams: Check<ProgressParams>;
/** `notifications/message` params. */
export declare const loggingMessageParams: Check<LoggingMessageParams>;
/** `notifications/resources/updated` params. */
export declare const resourceUpdatedParams: Check<ResourceUpdatedParams>;
/** `notifications/elicitation/complete` params. */
export declare const elicitationCompleteParams: Check<ElicitationCompleteParams>;
/** `notifications/tasks/status` and `notifications/tasks` params. */
export declare const taskStatusParams: Check<TaskStatusParams>;
/** `notifications/subscriptions/acknowledged` params. */
export declare const subscriptionsAcknowledgedParams: Check<SubscriptionsAcknowledgedParams>;
/** An `input_required` result (2026-07-28): at least one of `inputRequests`, `requestState`. */
export declare const inputRequiredResult: Check<InputRequiredResult>;
/** A task handle answered in place of a result: `{ task }` (2025-11-25) or inline with `resultType: "task"` (extension). */
export declare const createTaskResult: Check<CreateTaskResult>;
/** `data` of -32022 UnsupportedProtocolVersion. */
export declare const unsupportedProtocolVersionData: Check<UnsupportedProtocolVersionData>;
/** `data` of -32021 MissingRequiredClientCapability. */
export declare const missingRequiredClientCapabilityData: Check<MissingRequiredClientCapabilityData>;
/** `data` of -32042 UrlElicitationRequired. */
export declare const urlElicitationRequiredData: Check<UrlElicitationRequiredData>;
//# sourceMappingURL=messageChecks.d.ts.map