/**
 * `mcpkit/protocol`: MCP on top of JSON-RPC. The types of every revision
 * (2024-11-05 … 2026-07-28) and the tasks extension, the method table that
 * declares each method once, revisions and their negotiation, error codes,
 * reserved `_meta` keys, and the cancellation and progress conventions.
 *
 * @module
 */
export {
  APP_MIME_TYPE,
  APPS_EXTENSION,
  APPS_PROTOCOL_VERSION,
  appResourceUri,
  appVisibility,
  LEGACY_RESOURCE_URI_KEY,
  type AppCsp,
  type AppPermissions,
  type AppResourceMeta,
  type AppsClientCapability,
  type AppToolMeta,
  type AppVisibility,
} from './apps.js';
export { guard, isObject, type Check } from './check.js';
export { mcpCancellation, mcpProgress } from './conventions.js';
export { ERROR_CODE_NAMES, ErrorCode } from './errorCodes.js';
export * as messageChecks from './messageChecks.js';
export {
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_LOG_LEVEL,
  META_PROGRESS_TOKEN,
  META_PROTOCOL_VERSION,
  META_RELATED_TASK,
  META_SERVER_INFO,
  META_SUBSCRIPTION_ID,
} from './meta.js';
export type { NotificationEntry, NotificationTypes, RequestEntry, RequestTypes, Sender } from './methodTable.js';
export {
  hasCapability,
  hasExtension,
  hasMethod,
  notificationEntry,
  NOTIFICATIONS,
  requestEntry,
  REQUESTS,
  TASKS_EXTENSION,
  type ClientNotificationMethod,
  type ClientRequestMethod,
  type InputRequiredMethod,
  type NotificationMap,
  type NotificationMethod,
  type NotificationParamsOf,
  type ParamsOf,
  type RequestMap,
  type RequestMethod,
  type ResultOf,
  type ServerNotificationMethod,
  type ServerRequestMethod,
  type WireResultOf,
} from './methods.js';
export { isLoopbackHost, safeLink, type LinkVerdict } from './safeLink.js';
export type * from './types/index.js';
export {
  allowsBatch,
  DEFAULT_HTTP_REVISION,
  eraOf,
  HANDSHAKE_REVISIONS,
  isAtLeast,
  isRevision,
  LATEST_HANDSHAKE_REVISION,
  LATEST_REVISION,
  negotiateHandshake,
  pickCommonRevision,
  REVISIONS,
  STATELESS_REVISIONS,
  type Era,
  type Revision,
} from './versions.js';
export {
  isUriTemplate,
  MAX_MATCH_LENGTH,
  UriTemplate,
  type UriTemplateValue,
  type UriTemplateVariables,
  type UriVariables,
} from './uriTemplate.js';
