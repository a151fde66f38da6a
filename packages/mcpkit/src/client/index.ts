/**
 * `mcpkit/client`: connect to any MCP server, whichever revision (2024-11-05 …
 * 2026-07-28) and transport it speaks, and call it through one API.
 *
 * @module
 */
export { McpClient } from './client.js';
export type { ClientMethod, RequestParamsOf, RequestResultOf } from './requestTypes.js';
export { isResourceNotFound, ResourceNotFoundError } from './errors.js';
export { withFormDefaults } from './elicitationDefaults.js';
export type { ListenerParams, NotificationListener } from './notifications.js';
export type {
  CallOptions,
  CallToolOptions,
  ClientEra,
  ClientHandlers,
  ClientOptions,
  ClientConnectOptions,
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- kept for code written before the rename
  DeprecatedEraName,
  ElicitationHandlers,
  ElicitFormHandler,
  ElicitUrlHandler,
  EraPreference,
  InputContext,
  RootsHandler,
  SamplingHandler,
  TaskRequest,
} from './options.js';
export type { SubscribeFilter, Subscription, SubscriptionListener, SubscriptionNotification } from './subscription.js';
export type { CallToolOutcome } from './toolOutput.js';
export { ClientTasks, TaskHandle, type AwaitTaskOptions } from './tasks.js';
export type { TelemetryOptions } from '../telemetry/otelTypes.js';
