/**
 * The options of `McpServer`.
 *
 * @module
 */
import type { TelemetryOptions } from '../telemetry/otelTypes.js';
import type {
  ExperimentalCapabilities,
  ExtensionCapabilities,
  Icon,
  LoggingLevel,
  PromptsCapability,
  ResourcesCapability,
  ToolsCapability,
} from '../protocol/types/index.js';
import type { Revision } from '../protocol/versions.js';
import type { JsonSchemaValidator } from '../schema/jsonSchemaValidator.js';
import type { Middleware } from './middleware.js';
import type { CacheHint } from './resources.js';
import type { TaskOptions } from './tasks/taskOptions.js';

/** What the lifespan hook returns: state for handlers, and how to release it. */
export interface Lifespan<State> {
  /** Reachable from every handler as `ctx.state`. */
  readonly state: State;
  /** Called once at shutdown, after work in flight finished or was cancelled. */
  readonly close?: () => void | Promise<void>;
}

/** Capabilities declared up front (registration implies the rest). */
export interface DeclaredCapabilities {
  readonly tools?: ToolsCapability;
  readonly resources?: ResourcesCapability;
  readonly prompts?: PromptsCapability;
  readonly completions?: Readonly<Record<string, unknown>>;
  /** `false`: do not offer logging (default: offered). */
  readonly logging?: boolean;
  readonly experimental?: ExperimentalCapabilities;
  readonly extensions?: ExtensionCapabilities;
}

/** How a server is configured. */
export interface ServerOptions<State = undefined> {
  /** The server's name (`serverInfo.name`). */
  readonly name: string;
  /** Its version (`serverInfo.version`). */
  readonly version: string;
  /** Human-readable name. */
  readonly title?: string;
  /** What it is. */
  readonly description?: string;
  /** Where to learn more. */
  readonly websiteUrl?: string;
  /** Icons for display. */
  readonly icons?: readonly Icon[];
  /** Guidance for the model on how to use this server. */
  readonly instructions?: string;
  /** The revisions to speak (default: all five). */
  readonly revisions?: readonly Revision[];
  /** Items per page of every list (default 100). */
  readonly pageSize?: number;
  /**
   * The HMAC secret that protects pagination cursors and `requestState`
   * (at least 32 bytes). Default: random per process, which is right for one
   * process; several processes behind one endpoint must share one.
   */
  readonly secret?: Uint8Array | string;
  /** How long a `requestState` stays valid, in ms (default 15 minutes). */
  readonly requestStateTtlMs?: number;
  /** Send handlers' own error messages to the client (default false: masked). */
  readonly exposeErrorDetails?: boolean;
  /** OpenTelemetry providers: a span per message and the MCP metrics (docs/telemetry.md). Absent: nothing recorded. */
  readonly telemetry?: TelemetryOptions;
  /** Default cache hints of cacheable results (2026-07-28), per method or for all; default `{ ttlMs: 0, scope: 'private' }`. */
  readonly cache?: Readonly<
    Partial<
      Record<
        | 'default'
        | 'server/discover'
        | 'tools/list'
        | 'prompts/list'
        | 'resources/list'
        | 'resources/templates/list'
        | 'resources/read',
        CacheHint
      >
    >
  >;
  /** Capabilities to advertise beyond what registration implies (`experimental`, `extensions`), or `logging: false` to not offer logging. */
  readonly capabilities?: DeclaredCapabilities;
  /** The log level of a new handshake-era session before `logging/setLevel` (default `debug`: everything). */
  readonly defaultLogLevel?: LoggingLevel;
  /** Middleware around every request; the first is the outermost. */
  readonly middleware?: readonly Middleware[];
  /** Start-up hook: resources handlers can reach (`ctx.state`), released at shutdown. */
  readonly lifespan?: () => Lifespan<State> | Promise<Lifespan<State>>;
  /** The principal a `requestState` is bound to, from the request's auth (default: its `sub`, `subject` or `clientId`). */
  readonly principal?: (auth: unknown) => string | undefined;
  /** The JSON Schema validator for raw JSON Schemas (default: ajv). */
  readonly validator?: JsonSchemaValidator;
  /** Tasks of tools that declare `execution.taskSupport`: store, retention, polling, when calls become tasks. */
  readonly tasks?: TaskOptions;
}
