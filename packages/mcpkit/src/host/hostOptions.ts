/**
 * How a {@link Host} is configured, and the options of one `ask`.
 *
 * @module
 */
import type { TelemetryOptions } from '../telemetry/index.js';
import type { ElicitationHandlers } from '../client/index.js';
import type { LoggingLevel } from '../protocol/index.js';
import type { HostConfig, ServerConfig, ToolSearchOptions } from './config/types.js';
import type { HostEventListener } from './loop/events.js';
import type { ResultBudget } from './loop/toolResult.js';
import type { ModelEndpoint, ModelSpec } from './model/modelSpec.js';
import type { PolicyOptions } from './policy/policy.js';
import type { Connector } from './servers/connector.js';
import type { RestartPolicy } from './servers/restartPolicy.js';

/** A host's configuration. */
export interface HostOptions {
  /** The servers: a resolved config, or server configs written in code. */
  readonly servers: HostConfig | readonly ServerConfig[];
  /** How servers are reached (default: HTTP over `fetch`; `mcpkit/host` on Node adds processes). */
  readonly connector?: Connector;
  /** The model `ask` uses unless told otherwise, and that answers sampling: `PROVIDER/MODEL` or a provider object. */
  readonly model?: ModelSpec;
  /** A faster or cheaper model for sampling requests that prefer speed or cost. */
  readonly smallModel?: ModelSpec;
  /** Where `PROVIDER/MODEL` specs get their keys and endpoints (`ANTHROPIC_API_KEY`, `OPENAI_BASE_URL`, ...). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Overrides of the environment's endpoint and key (command-line flags). */
  readonly endpoint?: ModelEndpoint;
  /** What may run without asking (default: everything asks, and asks are denied). */
  readonly policy?: PolicyOptions;
  /** Answers servers' elicitation requests (default: every one declined). */
  readonly elicitation?: ElicitationHandlers;
  /** The roots offered to servers, as `file://` URIs (default none; the Node host offers the working directory). */
  readonly roots?: readonly string[];
  /** The system prompt of every conversation. */
  readonly system?: string;
  /** Model calls per `ask` before it stops (default 20). */
  readonly maxTurns?: number;
  /** The most tokens per model answer (default 4096). */
  readonly maxTokens?: number;
  /**
   * How tool definitions are kept out of the context when they are many
   * (default: above 10 000 estimated tokens, the provider's own tool search
   * where it has one, else the host's `search_tools`). Beats the config's.
   */
  readonly toolSearch?: ToolSearchOptions;
  /** How much of a tool result reaches the model. */
  readonly resultBudget?: ResultBudget;
  /** Longest wait for a server to connect and list its tools, ms (default 30 000). */
  readonly startTimeoutMs?: number;
  /**
   * Longest `start()` (and so the first `ask`) waits for the servers, ms
   * (default: until each has connected or failed its first attempt). Servers
   * not up by then go on starting and join when they are.
   */
  readonly startWaitMs?: number;
  /** Longest wait for one request to a server, restarted by progress, ms (default 60 000). */
  readonly requestTimeoutMs?: number;
  /** How crashed servers are restarted. */
  readonly restart?: RestartPolicy;
  /** Ask servers for log messages at this level and up (default: whatever they send). */
  readonly logLevel?: LoggingLevel;
  /**
   * OpenTelemetry providers: the host's `invoke_agent`, `chat` and `execute_tool` spans and its
   * servers' MCP spans and metrics (docs/telemetry.md). Absent: nothing recorded.
   */
  readonly telemetry?: TelemetryOptions;
  /** The host's `clientInfo` (default `mcpkit-host`). */
  readonly clientInfo?: { readonly name: string; readonly version: string };
  /** Receives every event (servers, conversations). */
  readonly onEvent?: HostEventListener;
}

/** Options of one `ask`. */
export interface AskOptions {
  /** The model (default: the host's). */
  readonly model?: ModelSpec;
  /** The policy (default: the host's). */
  readonly policy?: PolicyOptions;
  /** Cancels the ask: the model call or the tool calls in flight (the servers are told), then it ends. */
  readonly signal?: AbortSignal;
  /** Receives this ask's events (text deltas, tool calls and their progress). */
  readonly onEvent?: HostEventListener;
  /** Model calls before it stops (default: the host's). */
  readonly maxTurns?: number;
  /** The system prompt (default: the host's). */
  readonly system?: string;
  /** The most tokens per answer (default: the host's). */
  readonly maxTokens?: number;
}
