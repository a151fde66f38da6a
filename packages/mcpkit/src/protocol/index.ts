/**
 * `mcpkit/protocol`: MCP on top of JSON-RPC. The types of every revision
 * (2024-11-05 … 2026-07-28) and the tasks extension, the method table that
 * declares each method once, revisions and their negotiation, error codes,
 * reserved `_meta` keys, and the cancellation and progress conventions.
 *
 * @module
 */
export { guard, isObject, type Check } from './check.js';
export * from './conventions.js';
export * from './errorCodes.js';
export * as messageChecks from './messageChecks.js';
export * from './meta.js';
export type { NotificationEntry, NotificationTypes, RequestEntry, RequestTypes, Sender } from './methodTable.js';
export * from './methods.js';
export type * from './types/index.js';
export * from './versions.js';
export {
  isUriTemplate,
  MAX_MATCH_LENGTH,
  UriTemplate,
  type UriTemplateValue,
  type UriTemplateVariables,
  type UriVariables,
} from './uriTemplate.js';
