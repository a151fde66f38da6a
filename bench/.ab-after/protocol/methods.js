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
import { HANDSHAKE_REVISIONS, REVISIONS, eraOf } from './versions.js';
/** The tasks extension's identifier. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
function request(spec) {
    return { kind: 'request', paginated: false, cacheable: false, inputRequired: false, ...spec };
}
function notification(spec) {
    return { kind: 'notification', ...spec };
}
const ALL = REVISIONS;
const HANDSHAKE = HANDSHAKE_REVISIONS;
const ELICITATION = ['2025-06-18', '2025-11-25'];
const ONLY_2025_11_25 = ['2025-11-25'];
const TASKS = ['2025-11-25', '2026-07-28'];
const STATELESS = ['2026-07-28'];
const extension = TASKS_EXTENSION;
/** Metadata of every request method. */
export const REQUESTS = {
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
export const NOTIFICATIONS = {
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
export function requestEntry(method) {
    return Object.hasOwn(REQUESTS, method) ? REQUESTS[method] : undefined;
}
/** The metadata of a notification method, or `undefined` for a method MCP does not define. */
export function notificationEntry(method) {
    return Object.hasOwn(NOTIFICATIONS, method) ? NOTIFICATIONS[method] : undefined;
}
/**
 * True if `method` travels on the wire in `revision`. In the stateless era a
 * method an extension offers counts only when that extension is in
 * `extensions` (the identifiers both sides declared). Methods carried only as
 * MRTR input requests (`inputRequestIn`) do not count.
 */
export function hasMethod(method, revision, extensions = []) {
    const entry = requestEntry(method) ?? notificationEntry(method);
    if (entry === undefined || !entry.revisions.includes(revision))
        return false;
    return entry.extension === undefined || eraOf(revision) === 'handshake' || extensions.includes(entry.extension);
}
/**
 * True if the dotted `path` (`"tools"`, `"resources.subscribe"`) names a
 * capability that is present and not `false`.
 */
export function hasCapability(capabilities, path) {
    let node = capabilities;
    for (const key of path.split('.')) {
        if (!isObject(node) || !Object.hasOwn(node, key))
            return false;
        node = node[key];
    }
    return node !== undefined && node !== null && node !== false;
}
/** True if `capabilities.extensions` declares the extension `id` (ids contain dots, so no dotted path). */
export function hasExtension(capabilities, id) {
    if (!isObject(capabilities))
        return false;
    const extensions = capabilities['extensions'];
    return isObject(extensions) && Object.hasOwn(extensions, id) && isObject(extensions[id]);
}
//# sourceMappingURL=methods.js.map