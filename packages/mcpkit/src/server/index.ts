/**
 * `mcpkit/server`: define tools, resources and prompts once, and serve them
 * to every protocol revision over any transport.
 *
 * @module
 */
export { isAuthInfo, type AuthInfo } from './authInfo.js';
export { completeFrom, type Completer, type CompletionContext } from './completion.js';
export type { AskOptions, InputMethods, ServerContext, SessionState } from './context.js';
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
  applyPatch,
  isTerminal,
  MemoryTaskStore,
  type MemoryTaskStoreOptions,
  type TaskFlavor,
  type TaskPatch,
  type TaskRecord,
  type TaskStore,
} from './tasks/taskStore.js';
export { ToolError, type ToolArgs, type ToolDefinition, type ToolHandler, type ToolOutput, type ToolReturn } from './tools.js';
export type { TelemetryOptions } from '../telemetry/otelTypes.js';
