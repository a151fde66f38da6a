/**
 * The server as its sessions see it: the seam between the server's state
 * (`ServerCore`: features, options, listeners) and `ServerSession` (one
 * connection). Internal: an application sees `McpServer`, which keeps this
 * view off its public surface.
 *
 * @module
 */
import type { TelemetryOptions } from '../telemetry/otelTypes.js';
import type { Implementation, LoggingLevel, Result, ServerCapabilities } from '../protocol/types/index.js';
import type { Revision } from '../protocol/versions.js';
import type { ServerContext } from './context.js';
import type { MethodHandler, ServerRequest } from './middleware.js';
import type { RequestStateCodec } from './replay.js';
import type { Registry } from './registry.js';
import type { CacheHint } from './resources.js';
import type { Sealer } from './seal.js';
import type { ScopeServices } from './scope.js';
import type { TaskManager } from './tasks/taskManager.js';
import type { TaskRecord } from './tasks/taskStore.js';
import type { ToolEntry } from './tools.js';

/** A change the server tells interested sessions and subscription streams about. */
export interface ServerEvents {
  /** A list changed: `tools`, `prompts` or `resources` (including templates). */
  listChanged?(kind: 'tools' | 'prompts' | 'resources'): void;
  /** A resource's content changed. */
  resourceUpdated?(uri: string): void;
  /** The server is shutting down: end what is open. */
  closing?(): void;
  /** A task's state changed (`notifications/tasks` on subscription streams). */
  taskChanged?(task: TaskRecord): void;
}

/**
 * The server as its sessions see it (`ServerCore` is the one implementation).
 * `Session` is the session type notification handlers receive: a parameter,
 * so that this view and the session need not import each other.
 */
export interface ServerView<Session = unknown> extends ScopeServices {
  readonly info: Implementation;
  /** `info` without icons and description: what every 2026-07-28 result's `_meta` repeats. */
  readonly briefInfo: Implementation;
  readonly instructions: string | undefined;
  readonly revisions: readonly Revision[];
  readonly requestState: RequestStateCodec;
  readonly exposeErrorDetails: boolean;
  /** Telemetry providers, if the application passed them. */
  readonly telemetry: TelemetryOptions | undefined;
  /** Seals cursors. */
  readonly sealer: Sealer;
  /** Items per page of every list. */
  readonly pageSize: number;
  /** The registered tools. */
  readonly tools: Registry<ToolEntry>;
  /** Tasks (of tools that declare `execution.taskSupport`). */
  readonly tasks: TaskManager;
  /** The capabilities advertised to `revision` (none: every capability, for `offers`). */
  capabilities(revision?: Revision): ServerCapabilities;
  /** True if the advertised capabilities include the dotted `path`; cheap enough to ask on every request. */
  offers(path: string): boolean;
  /** The handler of an era-independent method, if the server has one. */
  feature(method: string): MethodHandler | undefined;
  /** Runs `core` for `request` inside the middleware chain. */
  run(request: ServerRequest, ctx: ServerContext, core: MethodHandler): Promise<Result>;
  /** The default cache hints of a cacheable method's results. */
  cacheHint(method: string): CacheHint;
  /** The principal a `requestState` is bound to. */
  principal(auth: unknown): string | undefined;
  /** The log level of a new handshake-era session. */
  readonly defaultLogLevel: LoggingLevel | undefined;
  /** A notification from a client (other than those the engine and session consume). */
  clientNotification(method: string, params: unknown, session: Session): void;
  /** Subscribes to server events; returns the unsubscriber. */
  subscribe(events: ServerEvents): () => void;
  /** Tells every listener of an event another process of the same server saw (scale-out), at once. */
  relay(event: { readonly listChanged: 'tools' | 'prompts' | 'resources' } | { readonly resourceUpdated: string }): void;
}
