import { anything, array, boolean, integer, isObject, literal, number, object, optional, record, shape, string, stringOrInteger, union, } from './check.js';
/** Absent, or passing `check` (params the sender may omit). */
function omittable(check) {
    return (v, p) => (v === undefined ? undefined : check(v, p));
}
const meta = optional(object);
const params = (members) => shape({ _meta: meta, ...members });
const result = (members) => shape({ _meta: meta, resultType: optional(string), ...members });
const page = { nextCursor: optional(string) };
const cache = { ttlMs: optional(integer), cacheScope: optional(literal('public', 'private')) };
const retry = { inputResponses: optional(object), requestState: optional(string) };
const level = literal('debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency');
const taskStatus = literal('working', 'input_required', 'completed', 'failed', 'cancelled');
const task = { taskId: string, status: taskStatus };
const implementation = shape({ name: string, version: string });
/** Params that are only `_meta` (ping, discover, roots/list), possibly omitted. */
export const requestParams = omittable(params({}));
/** Params of a paginated list, possibly omitted. */
export const paginatedParams = omittable(params({ cursor: optional(string) }));
/** A result with no fields of its own. */
export const emptyResult = result({});
/** Params of a notification with no fields of its own, possibly omitted. */
export const notificationParams = omittable(params({}));
/** `initialize` params. */
export const initializeParams = params({
    protocolVersion: string,
    capabilities: object,
    clientInfo: implementation,
});
/** `initialize` result. */
export const initializeResult = result({
    protocolVersion: string,
    capabilities: object,
    serverInfo: implementation,
    instructions: optional(string),
});
/** `server/discover` result. */
export const discoverResult = result({
    supportedVersions: array(string),
    capabilities: object,
    instructions: optional(string),
    ...cache,
});
/** `tools/list` result. */
export const listToolsResult = result({
    tools: array(shape({ name: string, inputSchema: object })),
    ...page,
    ...cache,
});
/** `tools/call` params. */
export const callToolParams = params({
    name: string,
    arguments: optional(object),
    task: optional(object),
    ...retry,
});
/** `tools/call` complete result. */
export const callToolResult = result({
    content: array(shape({ type: string })),
    isError: optional(boolean),
});
/** `prompts/list` result. */
export const listPromptsResult = result({ prompts: array(shape({ name: string })), ...page, ...cache });
/** `prompts/get` params. */
export const getPromptParams = params({ name: string, arguments: optional(record(string)), ...retry });
/** `prompts/get` complete result. */
export const getPromptResult = result({ messages: array(shape({ role: string, content: object })) });
/** `resources/list` result. */
export const listResourcesResult = result({
    resources: array(shape({ uri: string, name: string })),
    ...page,
    ...cache,
});
/** `resources/templates/list` result. */
export const listResourceTemplatesResult = result({
    resourceTemplates: array(shape({ uriTemplate: string, name: string })),
    ...page,
    ...cache,
});
/** `resources/read` params. */
export const readResourceParams = params({ uri: string, ...retry });
/** `resources/read` complete result. */
export const readResourceResult = result({ contents: array(shape({ uri: string })), ...cache });
/** `resources/subscribe` and `resources/unsubscribe` params. */
export const subscribeParams = params({ uri: string });
/** `completion/complete` params. */
export const completeParams = params({
    ref: union(shape({ type: literal('ref/prompt'), name: string }), shape({ type: literal('ref/resource'), uri: string })),
    argument: shape({ name: string, value: string }),
    context: optional(object),
});
/** `completion/complete` result. */
export const completeResult = result({ completion: shape({ values: array(string) }) });
/** `logging/setLevel` params. */
export const setLevelParams = params({ level });
/** `sampling/createMessage` params. */
export const createMessageParams = params({
    messages: array(shape({ role: string, content: object })),
    maxTokens: integer,
    tools: optional(array(object)),
    task: optional(object),
});
/** `sampling/createMessage` result. */
export const createMessageResult = result({
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
export const elicitParams = (v, p) => isObject(v) && v['mode'] === 'url' ? elicitUrlParams(v, p) : elicitFormParams(v, p);
/** `elicitation/create` result. */
export const elicitResult = result({
    action: literal('accept', 'decline', 'cancel'),
    content: optional(object),
});
/** `roots/list` result. */
export const listRootsResult = result({ roots: array(shape({ uri: string })) });
/** `subscriptions/listen` params. */
export const subscriptionsListenParams = params({ notifications: object });
/** `subscriptions/listen` result: the stream's id in `_meta`. */
export const subscriptionsListenResult = result({
    _meta: shape({ 'io.modelcontextprotocol/subscriptionId': stringOrInteger }),
});
/** Params naming a task (`tasks/get`, `tasks/result`, `tasks/cancel`). */
export const taskIdParams = params({ taskId: string });
/** `tasks/get` result. */
export const getTaskResult = result(task);
/** `tasks/result` result: whatever the original request answers. */
export const taskPayloadResult = result({});
/** `tasks/list` result. */
export const listTasksResult = result({ tasks: array(shape(task)), ...page });
/** `tasks/cancel` result: the task (2025-11-25) or an empty ack (extension). */
export const cancelTaskResult = result({});
/** `tasks/update` params. */
export const updateTaskParams = params({ taskId: string, inputResponses: object });
/** `notifications/cancelled` params. */
export const cancelledParams = params({ requestId: optional(stringOrInteger), reason: optional(string) });
/** `notifications/progress` params. */
export const progressParams = params({
    progressToken: stringOrInteger,
    progress: number,
    total: optional(number),
    message: optional(string),
});
/** `notifications/message` params. */
export const loggingMessageParams = params({ level, data: anything, logger: optional(string) });
/** `notifications/resources/updated` params. */
export const resourceUpdatedParams = params({ uri: string });
/** `notifications/elicitation/complete` params. */
export const elicitationCompleteParams = params({ elicitationId: string });
/** `notifications/tasks/status` and `notifications/tasks` params. */
export const taskStatusParams = params(task);
/** `notifications/subscriptions/acknowledged` params. */
export const subscriptionsAcknowledgedParams = params({ notifications: object });
const inputRequiredShape = result({
    resultType: literal('input_required'),
    inputRequests: optional(record(shape({ method: string }))),
    requestState: optional(string),
});
/** An `input_required` result (2026-07-28): at least one of `inputRequests`, `requestState`. */
export const inputRequiredResult = (v, p) => {
    const issue = inputRequiredShape(v, p);
    if (issue !== undefined)
        return issue;
    const { inputRequests, requestState } = v;
    return inputRequests === undefined && requestState === undefined ? `${p}: expected inputRequests or requestState` : undefined;
};
const coreTaskHandle = result({ task: shape(task) });
const extensionTaskHandle = shape({ _meta: meta, resultType: literal('task'), ...task });
/** A task handle answered in place of a result: `{ task }` (2025-11-25) or inline with `resultType: "task"` (extension). */
export const createTaskResult = (v, p) => isObject(v) && v['resultType'] === 'task' ? extensionTaskHandle(v, p) : coreTaskHandle(v, p);
/** `data` of -32022 UnsupportedProtocolVersion. */
export const unsupportedProtocolVersionData = shape({
    supported: array(string),
    requested: string,
});
/** `data` of -32021 MissingRequiredClientCapability. */
export const missingRequiredClientCapabilityData = shape({
    requiredCapabilities: object,
});
/** `data` of -32042 UrlElicitationRequired. */
export const urlElicitationRequiredData = shape({
    elicitations: array(shape({ mode: literal('url'), message: string, url: string })),
});
//# sourceMappingURL=messageChecks.js.map