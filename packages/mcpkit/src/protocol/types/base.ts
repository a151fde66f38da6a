/**
 * The vocabulary every other protocol type is built from: JSON values, `_meta`
 * objects, the `Result` base, pagination, and the small shared nouns (roles,
 * annotations, icons, implementations, log levels).
 *
 * One set of types covers every revision (2024-11-05 … 2026-07-28). A field
 * present only in some revisions is optional and says which revisions have it.
 *
 * @module
 */
import type { RequestId } from '../../jsonrpc/message.js';
import type { ClientCapabilities } from './capabilities.js';
import type { RelatedTaskMetadata } from './tasks.js';

/** Any JSON value, for code that builds values and wants the compiler to keep them JSON. */
export type JsonValue = string | number | boolean | null | JsonArray | JsonObject;

/** A JSON array of {@link JsonValue}s. */
export type JsonArray = readonly JsonValue[];

/** A JSON object of {@link JsonValue}s. */
export interface JsonObject {
  /** A member. */
  readonly [key: string]: JsonValue;
}

/**
 * An object whose members the spec leaves open (tool arguments, capability
 * settings, provider metadata). Members are JSON on the wire; they are typed
 * `unknown` so that values typed by other code (interfaces, other SDKs) fit.
 */
export interface OpenObject {
  /** A member. */
  readonly [key: string]: unknown;
}

/**
 * A `_meta` object: metadata attached to params, results, notifications and
 * data objects. Keys are `prefix/name`; prefixes whose second label is
 * `modelcontextprotocol` or `mcp` are reserved.
 */
export interface Meta {
  /** A metadata entry. */
  readonly [key: string]: unknown;
}

/** The `_meta` of a request's params, with the keys MCP reserves there. */
export interface RequestMeta extends Meta {
  /** Token the receiver attaches to `notifications/progress` for this request. */
  readonly progressToken?: ProgressToken;
  /** The revision this request speaks (2026-07-28+, required there). */
  readonly 'io.modelcontextprotocol/protocolVersion'?: string;
  /** The client's capabilities for this request only (2026-07-28+, required there). */
  readonly 'io.modelcontextprotocol/clientCapabilities'?: ClientCapabilities;
  /** The client software making the request (2026-07-28+, recommended). */
  readonly 'io.modelcontextprotocol/clientInfo'?: Implementation;
  /** The minimum log level this request opts into; absent means no log messages (2026-07-28+). */
  readonly 'io.modelcontextprotocol/logLevel'?: LoggingLevel;
  /** The task this request relates to (2025-11-25 tasks). */
  readonly 'io.modelcontextprotocol/related-task'?: RelatedTaskMetadata;
}

/** The `_meta` of a notification's params. */
export interface NotificationMeta extends Meta {
  /** The `subscriptions/listen` request id whose stream delivered this notification (2026-07-28+). */
  readonly 'io.modelcontextprotocol/subscriptionId'?: RequestId;
  /** The task this notification relates to (2025-11-25 tasks). */
  readonly 'io.modelcontextprotocol/related-task'?: RelatedTaskMetadata;
}

/** The `_meta` of a result. */
export interface ResultMeta extends Meta {
  /** The server software producing the result (2026-07-28+, recommended). */
  readonly 'io.modelcontextprotocol/serverInfo'?: Implementation;
  /** The task this result relates to (2025-11-25 tasks: required on `tasks/result`). */
  readonly 'io.modelcontextprotocol/related-task'?: RelatedTaskMetadata;
}

/** Params every request may carry. */
export interface RequestParams {
  /** Request metadata; required from 2026-07-28, where it carries the revision and capabilities. */
  readonly _meta?: RequestMeta;
}

/** Params every notification may carry. */
export interface NotificationParams {
  /** Notification metadata. */
  readonly _meta?: NotificationMeta;
}

/**
 * How to read a result: `"complete"`, `"input_required"` (MRTR), or a value an
 * extension defines (the tasks extension's `"task"`).
 */
export type ResultType = 'complete' | 'input_required' | 'task' | (string & {});

/**
 * Fields every result carries. Results may carry members beyond those declared
 * by their type; receivers ignore what they do not know.
 */
export interface Result {
  /** Result metadata. */
  readonly _meta?: ResultMeta;
  /**
   * How to read this result (2026-07-28+, required there). Absent (a
   * handshake-era peer) means `"complete"`.
   */
  readonly resultType?: ResultType;
}

/** A result with no fields of its own (`ping`, `logging/setLevel`, `resources/subscribe`, ...). */
export type EmptyResult = Result;

/** Who may share a cached result: anyone, or only the same authorization context. */
export type CacheScope = 'public' | 'private';

/** The cache hints of a complete result (2026-07-28 `CacheableResult`). */
export interface CacheableResult extends Result {
  /** How long the result stays fresh, in ms; 0 means stale at once (2026-07-28+, required there). */
  readonly ttlMs?: number;
  /** Whether the cached result may be shared across authorization contexts (2026-07-28+, required there). */
  readonly cacheScope?: CacheScope;
}

/** An opaque pagination position. An empty string is a valid cursor. */
export type Cursor = string;

/** Params of a paginated list request. */
export interface PaginatedParams extends RequestParams {
  /** Where to resume; absent for the first page. */
  readonly cursor?: Cursor;
}

/** Fields of a paginated list result. */
export interface PaginatedResult extends Result {
  /** Where the next page starts; absent on the last page. */
  readonly nextCursor?: Cursor;
}

/** The token that ties `notifications/progress` to its request. */
export type ProgressToken = string | number;

/** The sender or recipient of a message in a conversation. */
export type Role = 'user' | 'assistant';

/** Hints telling the client how to use or display an object. */
export interface Annotations {
  /** Who the object is meant for. */
  readonly audience?: readonly Role[];
  /** Importance from 0 (optional) to 1 (effectively required). */
  readonly priority?: number;
  /** When the underlying data last changed, ISO 8601 (2025-06-18+). */
  readonly lastModified?: string;
}

/** An icon a client may display (2025-11-25+). */
export interface Icon {
  /** An `https:` or `data:` URI of the image. */
  readonly src: string;
  /** MIME type, when the source's is missing or generic. */
  readonly mimeType?: string;
  /** Sizes it suits, `WxH` or `"any"`. */
  readonly sizes?: readonly string[];
  /** The background it is designed for. */
  readonly theme?: 'light' | 'dark';
}

/** A programmatic name plus an optional display title. */
export interface BaseMetadata {
  /** Identifier; also the display name when `title` is absent. */
  readonly name: string;
  /** Human-readable display name (2025-06-18+). */
  readonly title?: string;
}

/** Identifies an MCP client or server implementation. */
export interface Implementation extends BaseMetadata {
  /** The implementation's version. */
  readonly version: string;
  /** What the implementation does (2025-11-25+). */
  readonly description?: string;
  /** Icons to display (2025-11-25+). */
  readonly icons?: readonly Icon[];
  /** The implementation's website (2025-11-25+). */
  readonly websiteUrl?: string;
}

/** Log severity, as in RFC 5424 (syslog). */
export type LoggingLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';
