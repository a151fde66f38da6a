/**
 * MCP error codes as named constants, and what each revision allows.
 *
 * Reserved ranges (2026-07-28 `basic/index.mdx#error-codes`):
 * -32768..-32000 are JSON-RPC's; within them -32000..-32019 are the old range (no new
 * allocations; only -32002 has a meaning receivers may assume) and
 * -32020..-32099 are reserved for the MCP specification. Applications use codes
 * outside -32768..-32000.
 *
 * @module
 */

/** Every error code MCP defines, in every revision. */
export const ErrorCode = {
  /** Invalid JSON was received. */
  ParseError: -32700,
  /** The JSON sent is not a valid request object. */
  InvalidRequest: -32600,
  /** Unknown method, or a method gated by a capability the receiver did not declare. */
  MethodNotFound: -32601,
  /** Invalid params; in 2026-07-28 also a missing `_meta` field and an unknown resource. */
  InvalidParams: -32602,
  /** Internal error. */
  InternalError: -32603,
  /** Handshake era (≤ 2025-11-25): resource not found. 2026-07-28 uses -32602 instead. */
  ResourceNotFound: -32002,
  /** Handshake era (2025-11-25): URL-mode elicitation required before the request can proceed. */
  UrlElicitationRequired: -32042,
  /** 2026-07-28: an `Mcp-*` HTTP header disagrees with the body (HTTP 400). */
  HeaderMismatch: -32020,
  /** 2026-07-28: the request lacks a client capability the server needs (`data.requiredCapabilities`). */
  MissingRequiredClientCapability: -32021,
  /** 2026-07-28: the requested protocol revision is not supported (`data.supported`, `data.requested`). */
  UnsupportedProtocolVersion: -32022,
} as const;

/** One MCP error code. */
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Code → name, for messages and logs. */
export const ERROR_CODE_NAMES: Readonly<Record<number, string>> = Object.fromEntries(
  Object.entries(ErrorCode).map(([name, code]) => [code, name]),
);
