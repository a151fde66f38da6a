/**
 * What composition needs of an upstream server: the calls of a connected
 * client, described structurally so that `mcpkit/server` does not import
 * `mcpkit/client` (the layers never import each other). An `McpClient`
 * satisfies it as it is; so does anything else that speaks the same calls.
 *
 * @module
 */
import type {
  CallToolParams,
  CompleteParams,
  CompleteResult,
  GetPromptParams,
  GetPromptResult,
  Implementation,
  LoggingLevel,
  ProgressParams,
  Prompt,
  ReadResourceParams,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  ServerCapabilities,
  Tool,
} from '../../protocol/types/index.js';

/** Per-call options an upstream client honours (a subset of the client's `CallOptions`). */
export interface UpstreamCallOptions {
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
  readonly resetTimeoutOnProgress?: boolean;
  readonly onProgress?: (progress: ProgressParams) => void;
  readonly cache?: boolean;
}

/** What the upstream's list changes and resource updates are subscribed with. */
export interface UpstreamSubscribeFilter {
  readonly toolsListChanged?: boolean;
  readonly promptsListChanged?: boolean;
  readonly resourcesListChanged?: boolean;
  readonly resources?: readonly string[];
}

/** An open upstream subscription. */
export interface UpstreamSubscription {
  close(): Promise<void>;
}

/** A connected client of the server being mounted or proxied. */
export interface Upstream {
  readonly serverInfo: Implementation | undefined;
  readonly serverCapabilities: ServerCapabilities | undefined;
  listAllTools(options?: UpstreamCallOptions): Promise<Tool[]>;
  /** Resolves with the call's result (a client that may hand over a task is never asked to: no `task` option is passed). */
  callTool(params: CallToolParams, options?: UpstreamCallOptions): Promise<object>;
  listAllResources(options?: UpstreamCallOptions): Promise<Resource[]>;
  listAllResourceTemplates(options?: UpstreamCallOptions): Promise<ResourceTemplate[]>;
  readResource(params: ReadResourceParams, options?: UpstreamCallOptions): Promise<ReadResourceResult>;
  listAllPrompts(options?: UpstreamCallOptions): Promise<Prompt[]>;
  getPrompt(params: GetPromptParams, options?: UpstreamCallOptions): Promise<GetPromptResult>;
  complete(params: CompleteParams, options?: UpstreamCallOptions): Promise<CompleteResult>;
  setLoggingLevel(params: { readonly level: LoggingLevel }, options?: UpstreamCallOptions): Promise<void>;
  subscribe(
    filter: UpstreamSubscribeFilter,
    listener: (notification: { readonly method: string; readonly params: Readonly<Record<string, unknown>> }) => void,
  ): Promise<UpstreamSubscription>;
  onNotification(method: string, listener: (params: Readonly<Record<string, unknown>>) => void): () => void;
}
