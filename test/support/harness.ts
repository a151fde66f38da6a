/**
 * One interface over the official clients (v1 and v2, both eras, in memory
 * or over stdio), so a single suite can drive the everything server through
 * each of them.
 *
 * @module
 */
import { fileURLToPath } from 'node:url';
import type {
  CallToolResult,
  GetPromptResult,
  LoggingLevel,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  Tool,
} from 'mcpkit/protocol';
import type { Inbox } from './clientHandlers.js';

/** The built CLI's entry, the bundle mcpkit's npm bin loads (`npm run build` makes it). */
export const CLI_ENTRY: string = fileURLToPath(new URL('../../packages/mcpkit/dist/cli/bin.js', import.meta.url));

/** A progress notification, as the clients report it. */
export interface ProgressEvent {
  readonly progress: number;
  readonly total?: number | undefined;
  readonly message?: string | undefined;
}

/** Options of a tool call. */
export interface CallOptions {
  readonly onprogress?: (event: ProgressEvent) => void;
  readonly signal?: AbortSignal;
}

/** What a completion request asks about. */
export type CompletionRef =
  { readonly type: 'ref/prompt'; readonly name: string } | { readonly type: 'ref/resource'; readonly uri: string };

/** A connected client under test. */
export interface Harness {
  /** The channel: mcpkit's in-memory pair, or a spawned `mcpkit serve` process's stdio or HTTP. */
  readonly transport: 'memory' | 'stdio' | 'http';
  /** `true` for 2026-07-28 (per-request `_meta`, `input_required` round trips). */
  readonly stateless: boolean;
  /**
   * The code the client reports for an unknown resource. The server sends
   * -32002 (handshake era) or -32602 (2026-07-28); the v2 client reports
   * both as -32602 (its ResourceNotFoundError). The wire code is pinned by
   * the wire transcripts.
   */
  readonly resourceNotFoundCode: number;
  /** What the client was asked and told. */
  readonly inbox: Inbox;
  listTools(): Promise<readonly Tool[]>;
  callTool(name: string, args?: Record<string, unknown>, options?: CallOptions): Promise<CallToolResult>;
  listResources(): Promise<readonly Resource[]>;
  listResourceTemplates(): Promise<readonly ResourceTemplate[]>;
  readResource(uri: string): Promise<ReadResourceResult>;
  listPrompts(): Promise<readonly Prompt[]>;
  getPrompt(name: string, args?: Record<string, string>): Promise<GetPromptResult>;
  complete(
    ref: CompletionRef,
    argument: { name: string; value: string },
    context?: Record<string, string>,
  ): Promise<{ values: readonly string[]; total?: number | undefined; hasMore?: boolean | undefined }>;
  /** Handshake era: `logging/setLevel`; stateless era: the level sent in each request's `_meta`. */
  setLogLevel(level: LoggingLevel): Promise<void>;
  /** Asks to be told when `uri` changes (`resources/subscribe`, or a `subscriptions/listen` stream); returns the undo. */
  watch(uri: string): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** The `_meta` key of the 2026-07-28 per-request log level. */
export const LOG_LEVEL_META = 'io.modelcontextprotocol/logLevel';
