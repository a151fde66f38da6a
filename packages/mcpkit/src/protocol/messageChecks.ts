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
import {
  anything,
  array,
  boolean,
  integer,
  isObject,
  literal,
  number,
  object,
  optional,
  record,
  shape,
  string,
  stringOrInteger,
  union,
} from './check.js';
import type {
  CallToolParams,
  CallToolResult,
  CancelledParams,
  CancelTaskParams,
  CancelTaskResult,
  CompleteParams,
  CompleteResult,
  CreateMessageParams,
  CreateMessageResult,
  CreateTaskResult,
  DiscoverResult,
  ElicitationCompleteParams,
  ElicitParams,
  ElicitResult,
  GetPromptParams,
  GetPromptResult,
  GetTaskPayloadParams,
  GetTaskPayloadResult,
  GetTaskResult,
  InitializeParams,
  InitializeResult,
  InputRequiredResult,
  ListPromptsResult,
  ListResourcesResult,
  ListResourceTemplatesResult,
  ListRootsResult,
  ListTasksResult,
  ListToolsResult,
  LoggingMessageParams,
  MissingRequiredClientCapabilityData,
  NotificationParams,
  PaginatedParams,
  ProgressParams,
  ReadResourceParams,
  ReadResourceResult,
  RequestParams,
  ResourceUpdatedParams,
  Result,
  SetLevelParams,
  SubscribeParams,
  SubscriptionsAcknowledgedParams,
  SubscriptionsListenParams,
  SubscriptionsListenResult,
  TaskStatusParams,
  UnsupportedProtocolVersionData,
  UpdateTaskParams,
  UrlElicitationRequiredData,
} from './types/index.js';

type Members = Readonly<Record<string, Check<unknown>>>;

/** Absent, or passing `check` (params the sender may omit). */
function omittable<T>(check: Check<T>): Check<T> {
  return (v, p) => (v === undefined ? undefined : check(v, p));
}

const meta = optional(object);
const params = <T>(members: Members): Check<T> => shape<T>({ _meta: meta, ...members });
const result = <T>(members: Members): Check<T> => shape<T>({ _meta: meta, resultType: optional(string), ...members });
const page = { nextCursor: optional(string) };
const cache = { ttlMs: optional(integer), cacheScope: optional(literal('public', 'private')) };
const retry = { inputResponses: optional(object), requestState: optional(string) };
const level = literal('debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency');
const taskStatus = literal('working', 'input_required', 'completed', 'failed', 'cancelled');
const task = { taskId: string, status: taskStatus };
const implementation = shape({ name: string, version: string });

/** Params that are only `_meta` (ping, discover, roots/list), possibly omitted. */
export const requestParams: Check<RequestParams> = omittable(params({}));
/** Params of a paginated list, possibly omitted. */
export const paginatedParams: Check<PaginatedParams> = omittable(params({ cursor: optional(string) }));
/** A result with no fields of its own. */
export const emptyResult: Check<Result> = result({});
/** Params of a notification with no fields of its own, possibly omitted. */
export const notificationParams: Check<NotificationParams> = omittable(params({}));

/** `initialize` params. */
export const initializeParams: Check<InitializeParams> = params({
  protocolVersion: string,
  capabilities: object,
  clientInfo: implementation,
});
/** `initialize` result. */
export const initializeResult: Check<InitializeResult> = result({
  protocolVersion: string,
  capabilities: object,
  serverInfo: implementation,
  instructions: optional(string),
});
/** `server/discover` result. */
export const discoverResult: Check<DiscoverResult> = result({
  supportedVersions: array(string),
  capabilities: object,
  instructions: optional(string),
  ...cache,
});

/** `tools/list` result. */
export const listToolsResult: Check<ListToolsResult> = result({
  tools: array(shape({ name: string, inputSchema: object })),
  ...page,
  ...cache,
});
/** `tools/call` params. */
export const callToolParams: Check<CallToolParams> = params({
  name: string,
  arguments: optional(object),
  task: optional(object),
  ...retry,
});
/** `tools/call` complete result. */
export const callToolResult: Check<CallToolResult> = result({
  content: array(shape({ type: string })),
  isError: optional(boolean),
});

/** `prompts/list` result. */
export const listPromptsResult: Check<ListPromptsResult> = result({ prompts: array(shape({ name: string })), ...page, ...cache });
/** `prompts/get` params. */
export const getPromptParams: Check<GetPromptParams> = params({ name: string, arguments: optional(record(string)), ...retry });
/** `prompts/get` complete result. */
export const getPromptResult: Check<GetPromptResult> = result({ messages: array(shape({ role: string, content: object })) });

/** `resources/list` result. */
export const listResourcesResult: Check<ListResourcesResult> = result({
  resources: array(shape({ uri: string, name: string })),
  ...page,
  ...cache,
});
/** `resources/templates/list` result. */
export const listResourceTemplatesResult: Check<ListResourceTemplatesResult> = result({
  resourceTemplates: array(shape({ uriTemplate: string, name: string })),
  ...page,
  ...cache,
});
/** `resources/read` params. */
export const readResourceParams: Check<ReadResourceParams> = params({ uri: string, ...retry });
/** `resources/read` complete result. */
export const readResourceResult: Check<ReadResourceResult> = result({ contents: array(shape({ uri: string })), ...cache });
/** `resources/subscribe` and `resources/unsubscribe` params. */
export const subscribeParams: Check<SubscribeParams> = params({ uri: string });

/** `completion/complete` params. */
export const completeParams: Check<CompleteParams> = params({
  ref: union(shape({ type: literal('ref/prompt'), name: string }), shape({ type: literal('ref/resource'), uri: string })),
  argument: shape({ name: string, value: string }),
  context: optional(object),
});
/** `completion/complete` result. */
export const completeResult: Check<CompleteResult> = result({ completion: shape({ values: array(string) }) });

/** `logging/setLevel` params. */
export const setLevelParams: Check<SetLevelParams> = params({ level });

/** `sampling/createMessage` params. */
export const createMessageParams: Check<CreateMessageParams> = params({
  messages: array(shape({ role: string, content: object })),
  maxTokens: integer,
  tools: optional(array(object)),
  task: optional(object),
});
/** `sampling/createMessage` result. */
export const createMessageResult: Check<CreateMessageResult> = result({
  role: literal('user', 'assistant'),
  content: union(object, array(object)),
  model: string,
  stopReason: optional(string),
});

const elicitFormParams = params({
  mode: optional(literal('form')),
  message: string,
  requestedSchema: shape({ properties: object }),
});
const elicitUrlParams = params({ mode: literal('url'), message: string, url: string, elicitationId: optional(string) });

/** `elicitation/create` params: URL mode when `mode` is `"url"`, else form mode. */
export const elicitParams: Check<ElicitParams> = (v, p) =>
  isObject(v) && v['mode'] === 'url' ? elicitUrlParams(v, p) : elicitFormParams(v, p);
/** `elicitation/create` result. */
export const elicitResult: Check<ElicitResult> = result({
  action: literal('accept', 'decline', 'cancel'),
  content: optional(object),
});

/** `roots/list` result. */
export const listRootsResult: Check<ListRootsResult> = result({ roots: array(shape({ uri: string })) });

/** `subscriptions/listen` params. */
export const subscriptionsListenParams: Check<SubscriptionsListenParams> = params({ notifications: object });
/** `subscriptions/listen` result: the stream's id in `_meta`. */
export const subscriptionsListenResult: Check<SubscriptionsListenResult> = result({
  _meta: shape({ 'io.modelcontextprotocol/subscriptionId': stringOrInteger }),
});

/** Params naming a task (`tasks/get`, `tasks/result`, `tasks/cancel`). */
export const taskIdParams: Check<GetTaskPayloadParams & CancelTaskParams> = params({ taskId: string });
/** `tasks/get` result. */
export const getTaskResult: Check<GetTaskResult> = result(task);
/** `tasks/result` result: whatever the original request answers. */
export const taskPayloadResult: Check<GetTaskPayloadResult> = result({});
/** `tasks/list` result. */
export const listTasksResult: Check<ListTasksResult> = result({ tasks: array(shape(task)), ...page });
/** `tasks/cancel` result: the task (2025-11-25) or an empty ack (extension). */
export const cancelTaskResult: Check<CancelTaskResult> = result({});
/** `tasks/update` params. */
export const updateTaskParams: Check<UpdateTaskParams> = params({ taskId: string, inputResponses: object });

/** `notifications/cancelled` params. */
export const cancelledParams: Check<CancelledParams> = params({ requestId: optional(stringOrInteger), reason: optional(string) });
/** `notifications/progress` params. */
export const progressParams: Check<ProgressParams> = params({
  progressToken: stringOrInteger,
  progress: number,
  total: optional(number),
  message: optional(string),
});
/** `notifications/message` params. */
export const loggingMessageParams: Check<LoggingMessageParams> = params({ level, data: anything, logger: optional(string) });
/** `notifications/resources/updated` params. */
export const resourceUpdatedParams: Check<ResourceUpdatedParams> = params({ uri: string });
/** `notifications/elicitation/complete` params. */
export const elicitationCompleteParams: Check<ElicitationCompleteParams> = params({ elicitationId: string });
/** `notifications/tasks/status` and `notifications/tasks` params. */
export const taskStatusParams: Check<TaskStatusParams> = params(task);
/** `notifications/subscriptions/acknowledged` params. */
export const subscriptionsAcknowledgedParams: Check<SubscriptionsAcknowledgedParams> = params({ notifications: object });

const inputRequiredShape = result<InputRequiredResult>({
  resultType: literal('input_required'),
  inputRequests: optional(record(shape({ method: string }))),
  requestState: optional(string),
});

/** An `input_required` result (2026-07-28): at least one of `inputRequests`, `requestState`. */
export const inputRequiredResult: Check<InputRequiredResult> = (v, p) => {
  const issue = inputRequiredShape(v, p);
  if (issue !== undefined) return issue;
  const { inputRequests, requestState } = v as InputRequiredResult;
  return inputRequests === undefined && requestState === undefined ? `${p}: expected inputRequests or requestState` : undefined;
};

const coreTaskHandle = result({ task: shape(task) });
const extensionTaskHandle = shape({ _meta: meta, resultType: literal('task'), ...task });

/** A task handle answered in place of a result: `{ task }` (2025-11-25) or inline with `resultType: "task"` (extension). */
export const createTaskResult: Check<CreateTaskResult> = (v, p) =>
  isObject(v) && v['resultType'] === 'task' ? extensionTaskHandle(v, p) : coreTaskHandle(v, p);

/** `data` of -32022 UnsupportedProtocolVersion. */
export const unsupportedProtocolVersionData: Check<UnsupportedProtocolVersionData> = shape({
  supported: array(string),
  requested: string,
});
/** `data` of -32021 MissingRequiredClientCapability. */
export const missingRequiredClientCapabilityData: Check<MissingRequiredClientCapabilityData> = shape({
  requiredCapabilities: object,
});
/** `data` of -32042 UrlElicitationRequired. */
export const urlElicitationRequiredData: Check<UrlElicitationRequiredData> = shape({
  elicitations: array(shape({ mode: literal('url'), message: string, url: string })),
});
