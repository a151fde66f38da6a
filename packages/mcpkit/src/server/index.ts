/**
 * `mcpkit/server`: define tools, resources and prompts once, and serve them
 * to every protocol revision over any transport.
 *
 * @module
 */
export {
  appResourceMeta,
  appToolMeta,
  registerApp,
  type AppDefinition,
  type AppRegistration,
  type AppToolOptions,
} from './apps.js';
export {
  APP_MIME_TYPE,
  APPS_EXTENSION,
  type AppCsp,
  type AppPermissions,
  type AppResourceMeta,
  type AppToolMeta,
  type AppVisibility,
} from '../protocol/apps.js';
export { isAuthInfo, type AuthInfo } from './authInfo.js';
export { InputRouter, type ForwardingHandlers, type UpstreamInputContext } from './compose/inputRouter.js';
export { mount } from './compose/mount.js';
export type { Mount, MountOptions } from './compose/mountOptions.js';
export { forwardedCapabilities, proxyServer, type Proxy, type ProxyOptions } from './compose/proxy.js';
export type { ShownTool, ToolTransform, ToolTransforms } from './compose/toolTransforms.js';
export type { Upstream, UpstreamCallOptions, UpstreamSubscribeFilter, UpstreamSubscription } from './compose/upstream.js';
export { completeFrom, type Completer, type CompletionContext } from './completion.js';
export type { InputOptions, InputMethods, ServerContext, SessionState } from './context.js';
export { ElicitationAnswerError } from './elicitationAnswer.js';
export { HandleStore, type HandleStoreOptions } from './handles.js';
export { compose, type MethodHandler, type Middleware, type ServerRequest } from './middleware.js';
export type { DeclaredCapabilities, Lifespan, ServerOptions } from './options.js';
export type { PromptArgs, PromptArguments, PromptDefinition, PromptHandler, PromptReturn } from './prompts.js';
export type { Registration } from './registration.js';
export { resourceNotFound } from './resources.js';
export type {
  CacheHint,
  ResourceDefinition,
  ResourceHandler,
  ResourceReturn,
  ResourceTemplateDefinition,
  TemplateHandler,
} from './resources.js';
export { McpServer, type ClientNotificationHandler } from './server.js';
export { ServerSession, type ConnectOptions, type SessionEvent, type SessionMode, type SessionSnapshot } from './session.js';
export { TaskManager } from './tasks/taskManager.js';
export type { OpenTask, TaskEventSink, TaskOptions, TaskOutcome, TaskStart } from './tasks/taskOptions.js';
export { ORPHANED_TASK_MESSAGE, type TaskMessage, type TaskRemote } from './tasks/taskRemote.js';
export {
  MemoryTaskStore,
  type MemoryTaskStoreOptions,
  type TaskFlavor,
  type TaskPatch,
  type TaskRecord,
  type TaskStore,
} from './tasks/taskStore.js';
/** @internal What mcpkit/redis's task store shares with the memory one: in the sources, not in the published types. */
export { applyPatch, isTerminal } from './tasks/taskStore.js';
export { ToolError, type ToolArgs, type ToolDefinition, type ToolHandler, type ToolOutput, type ToolReturn } from './tools.js';
export type { TelemetryOptions } from '../telemetry/otelTypes.js';
