/**
 * The options of `McpClient` and of its calls, and the handlers an
 * application registers to answer what a server asks of it (elicitation,
 * sampling, roots), the same way in both eras.
 *
 * @module
 */
import type { TelemetryOptions } from '../telemetry/otelTypes.js';
import type { LocalError } from '../jsonrpc/localError.js';
import type {
  ClientCapabilities,
  CreateMessageParams,
  CreateMessageResult,
  ElicitFormParams,
  ElicitResult,
  ElicitUrlParams,
  Icon,
  Implementation,
  ProgressParams,
  Root,
} from '../protocol/types/index.js';
import type { Era, Revision } from '../protocol/versions.js';
import type { JsonSchemaValidator } from '../schema/jsonSchemaValidator.js';

/**
 * How a connection speaks: `handshake` (the `initialize` handshake, 2024-11-05 …
 * 2025-11-25) or `stateless` (per-request `_meta`, 2026-07-28 and later): the
 * protocol's own `Era`, so the client and the server say the same.
 */
export type ClientEra = Era;

/**
 * The client's former names of the eras (the spec's compatibility sections
 * say legacy and modern), still accepted by `ClientOptions.era`.
 *
 * @deprecated Write `handshake` for `legacy` and `stateless` for `modern`.
 */
export type DeprecatedEraName = 'legacy' | 'modern';

/**
 * Which revision to speak: `auto` (probe with `server/discover`, fall back to
 * `initialize`), an era (its newest revision), or one pinned revision.
 */
// eslint-disable-next-line @typescript-eslint/no-deprecated -- the old names are still accepted
export type EraPreference = 'auto' | ClientEra | DeprecatedEraName | Revision;

/** What a handler knows when it answers one of the server's input requests. */
export interface InputContext {
  /**
   * Fires when the answer is no longer wanted: the server cancelled its
   * request (handshake era), or the call that needed the input was aborted
   * (stateless era).
   */
  readonly signal: AbortSignal;
  /** The era of the connection. */
  readonly era: ClientEra;
  /** The revision of the connection. */
  readonly revision: Revision;
  /** The server's self-description (display only; never trust it). */
  readonly serverInfo: Implementation | undefined;
}

/** Answers a form-mode elicitation: the user fills the form (or declines, or cancels). */
export type ElicitFormHandler = (params: ElicitFormParams, context: InputContext) => ElicitResult | Promise<ElicitResult>;

/** Answers a URL-mode elicitation: `accept` means the user consented to open the URL. */
export type ElicitUrlHandler = (params: ElicitUrlParams, context: InputContext) => ElicitResult | Promise<ElicitResult>;

/**
 * Elicitation handlers, one per mode. The client declares
 * `elicitation.form` and/or `elicitation.url` from the modes present.
 */
export interface ElicitationHandlers {
  /** Form mode (the default mode when a request names none). */
  readonly form?: ElicitFormHandler;
  /** URL mode (2025-11-25+). */
  readonly url?: ElicitUrlHandler;
}

/** Samples the application's LLM for the server. */
export interface SamplingHandler {
  /** Produces the sampled message. */
  readonly createMessage: (
    params: CreateMessageParams,
    context: InputContext,
  ) => CreateMessageResult | Promise<CreateMessageResult>;
  /** The handler supports `tools`/`toolChoice` (declares `sampling.tools`). */
  readonly tools?: boolean;
  /** The handler honours `includeContext` other than `none` (declares `sampling.context`). */
  readonly context?: boolean;
}

/** Lists the roots the application exposes to the server. */
export interface RootsHandler {
  /** The roots, each a `file://` URI. */
  readonly list: (context: InputContext) => readonly Root[] | Promise<readonly Root[]>;
  /** The application calls `client.notifyRootsListChanged()` when they change (declares `roots.listChanged`). */
  readonly listChanged?: boolean;
}

/** The handlers an application registers; capabilities are declared from them. */
export interface ClientHandlers {
  /** Elicitation (2025-06-18+). */
  readonly elicitation?: ElicitationHandlers;
  /** Sampling. */
  readonly sampling?: SamplingHandler;
  /** Roots. */
  readonly roots?: RootsHandler;
}

/** How a client is configured. */
export interface ClientOptions {
  /** The client's name (`clientInfo.name`). */
  readonly name: string;
  /** Its version (`clientInfo.version`). */
  readonly version: string;
  /** Human-readable name. */
  readonly title?: string;
  /** What it is (2025-11-25+). */
  readonly description?: string;
  /** Where to learn more (2025-11-25+). */
  readonly websiteUrl?: string;
  /** Icons for display (2025-11-25+). */
  readonly icons?: readonly Icon[];
  /** Capabilities to declare beyond what the handlers imply (`experimental`, `extensions`). */
  readonly capabilities?: ClientCapabilities;
  /** Which revision to speak (default `auto`). */
  readonly era?: EraPreference;
  /** Answers to the server's input requests. */
  readonly handlers?: ClientHandlers;
  /** Default timeout of each request, ms (default 60 000). */
  readonly timeoutMs?: number;
  /** OpenTelemetry providers: a span per message and the MCP metrics (docs/telemetry.md). Absent: nothing recorded. */
  readonly telemetry?: TelemetryOptions;
  /** Default hard maximum of each request, ms, which progress cannot extend (default none). */
  readonly maxTotalTimeoutMs?: number;
  /** How long the `server/discover` probe waits before deciding the server speaks only the handshake era, ms (default 3 000). */
  readonly probeTimeoutMs?: number;
  /** How many `input_required` rounds one call may take before it fails (default 10). */
  readonly maxInputRounds?: number;
  /** How many pages one list may take before it fails (default 1 000). */
  readonly maxPages?: number;
  /**
   * How `callTool` treats `structuredContent` that breaks the tool's
   * `outputSchema`: `strict` (default) rejects the call, `lenient` keeps the
   * result and attaches the issues.
   */
  readonly validateOutput?: 'strict' | 'lenient';
  /** The JSON Schema validator for output schemas (default: ajv, loaded on first use). */
  readonly validator?: JsonSchemaValidator;
  /** Honour the cache hints of cacheable results (default true). */
  readonly cache?: boolean;
  /** The most cached results kept (default 500). */
  readonly cacheSize?: number;
  /** Receives local problems that have no caller to reject (a stray reply, a subscription that could not be re-opened). */
  readonly onError?: (error: LocalError) => void;
  /**
   * Declare the `io.modelcontextprotocol/tasks` extension (default true), so a
   * 2026-07-28 server may answer a tool call with a task; `callTool` then waits
   * for it (or hands it over, when called with `task`).
   */
  readonly tasks?: boolean;
  /**
   * Say that the embedding application renders MCP Apps: declares the
   * `io.modelcontextprotocol/ui` extension with the MIME types it renders
   * (`true`: `text/html;profile=mcp-app`). Servers may then link tools to
   * apps. Default: not declared.
   */
  readonly apps?: boolean | { readonly mimeTypes: readonly string[] };
}

/** Per-call options of every spec method. */
export interface CallOptions {
  /** Aborts the call; the server is told. */
  readonly signal?: AbortSignal;
  /** Time to wait for each response, ms (default: the client's). `Infinity` waits forever. */
  readonly timeoutMs?: number;
  /** Restart the timeout whenever the server reports progress (never past `maxTotalTimeoutMs`). */
  readonly resetTimeoutOnProgress?: boolean;
  /** The hard limit of each request, ms, which progress cannot extend. */
  readonly maxTotalTimeoutMs?: number;
  /** Receives the server's progress notifications for this call. */
  readonly onProgress?: (progress: ProgressParams) => void;
  /** `false`: neither read nor fill the result cache for this call. */
  readonly cache?: boolean;
}

/**
 * Asks for a tool call to run as a task: `true`, or with the retention wanted
 * (2025-11-25 `params.task.ttl`, ms; in the extension the server decides).
 */
export type TaskRequest = true | { readonly ttl?: number };

/** Options of `callTool`. */
export interface CallToolOptions extends CallOptions {
  /**
   * Run as a task where the server allows it, and resolve with a `TaskHandle`
   * when it creates one (otherwise with the result). Without it a task the
   * server creates anyway is waited for, and the result returned.
   */
  readonly task?: TaskRequest;
}

/** Options of `connect` and `reconnect`. */
export interface ClientConnectOptions {
  /** Aborts the negotiation; the connection is closed. */
  readonly signal?: AbortSignal;
}
