/**
 * The reserved `_meta` keys MCP defines, as constants.
 *
 * @see 2026-07-28 `basic/index.mdx#_meta`
 * @module
 */
/** 2026-07-28: the revision a request speaks (required on every request). */
export const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
/** 2026-07-28: the client's capabilities for this request (required on every request). */
export const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
/** 2026-07-28: the client's `Implementation` (recommended on every request). */
export const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
/** 2026-07-28: the server's `Implementation`, in every result's `_meta`. */
export const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo';
/** 2026-07-28: the minimum log level this request opts into (deprecated logging). */
export const META_LOG_LEVEL = 'io.modelcontextprotocol/logLevel';
/** 2026-07-28: the `subscriptions/listen` request id a notification belongs to. */
export const META_SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';
/** 2025-11-25 tasks: the task a message relates to. */
export const META_RELATED_TASK = 'io.modelcontextprotocol/related-task';
/** Every revision: the token progress notifications for this request carry. */
export const META_PROGRESS_TOKEN = 'progressToken';
//# sourceMappingURL=meta.js.map