/**
 * One server of a host: its client, its lists, and its life. It starts with a
 * timeout; when it fails to start, crashes or hangs it is reported and
 * restarted with backoff (`restartPolicy.ts`); once the restarts run out it is
 * `failed`, and tried again every `pollMs`, so a server that was down when the
 * host started (or stayed down a while) joins when it comes up. A call to it
 * while it is down fails at once with a `CONNECTION_CLOSED` that says why,
 * which the loop hands to the model as a tool error. Nothing it does can throw
 * into the host.
 *
 * @module
 */
import type { TelemetryOptions } from '../../telemetry/index.js';
import { McpClient, type CallOptions, type ClientHandlers } from '../../client/index.js';
import { LocalError, type Transport } from '../../jsonrpc/index.js';
import type * as T from '../../protocol/index.js';
import type { ServerConfig } from '../config/types.js';
import type { HostEvent, ServerState } from '../loop/events.js';
import type { Connector } from './connector.js';
import { restartDelay, type RestartPolicy } from './restartPolicy.js';

/** How a host runs its servers. */
export interface ManagedServerOptions {
  readonly connector: Connector;
  /** The client's `clientInfo`. */
  readonly clientInfo: { readonly name: string; readonly version: string };
  /** Answers to this server's sampling, elicitation and roots requests. */
  readonly handlers: ClientHandlers;
  /** Longest wait for a server to connect and list its tools, ms. */
  readonly startTimeoutMs: number;
  /** Longest wait for one request (restarted by progress), ms. */
  readonly requestTimeoutMs: number;
  /** Telemetry of the server's MCP client. */
  readonly telemetry?: TelemetryOptions | undefined;
  readonly restart: RestartPolicy;
  /** Asks servers for log messages at this level and up. */
  readonly logLevel?: T.LoggingLevel | undefined;
  readonly emit: (event: HostEvent) => void;
  /** Called when the server's tools, resources or prompts changed. */
  readonly onListsChanged: () => void;
}

/** What a server offers, as last listed. */
export interface ServerLists {
  readonly tools: readonly T.Tool[];
  readonly resources: readonly T.Resource[];
  readonly resourceTemplates: readonly T.ResourceTemplate[];
  readonly prompts: readonly T.Prompt[];
}

const EMPTY: ServerLists = { tools: [], resources: [], resourceTemplates: [], prompts: [] };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The message and, where they add something, those of its causes ("Could not send …: the authorization failed"). */
function withCauses(error: unknown): string {
  let text = messageOf(error);
  for (let e = error, depth = 0; e instanceof Error && e.cause instanceof Error && depth < 5; e = e.cause, depth++)
    if (!text.includes(e.cause.message)) text += `: ${e.cause.message}`;
  return text;
}

/** One managed server. */
export class ManagedServer {
  readonly config: ServerConfig;
  readonly #options: ManagedServerOptions;
  #state: ServerState = 'stopped';
  #error: string | undefined;
  #client: McpClient | undefined;
  #lists: ServerLists = EMPTY;
  #attempts = 0;
  #readyAt = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** When the next attempt is due (ms since the epoch), while one is scheduled. */
  #retryAt: number | undefined;
  /** The authorization was refused: no attempt until `restart()`, which would only ask the user again. */
  #refused = false;
  /** The lists being listed again after a change, until they are. */
  #relisting: Promise<void> | undefined;
  #stopping = false;
  #starting: Promise<void> | undefined;
  /** Aborts the attempt in progress when the host closes. */
  #abort = new AbortController();

  constructor(config: ServerConfig, options: ManagedServerOptions) {
    this.config = config;
    this.#options = options;
  }

  /** The server's name. */
  get name(): string {
    return this.config.name;
  }
  /** Where it is in its life. */
  get state(): ServerState {
    return this.#state;
  }
  /** Why it last failed. */
  get error(): string | undefined {
    return this.#error;
  }
  /** Its tools, resources and prompts, as last listed (empty while it is down). */
  get lists(): ServerLists {
    return this.#state === 'ready' ? this.#lists : EMPTY;
  }
  /** When the next attempt to start it is due (ms since the epoch), if one is scheduled. */
  get retryAt(): number | undefined {
    return this.#retryAt;
  }
  /** Settles when the lists a change notification asked for are listed (at once if none is pending). */
  listsSettled(): Promise<void> {
    return this.#relisting ?? Promise.resolve();
  }
  /** The connected client (undefined while the server is down). */
  get client(): McpClient | undefined {
    return this.#state === 'ready' ? this.#client : undefined;
  }

  /** Starts the server; resolves once this first attempt succeeded or failed (a failure schedules a restart). Never rejects. */
  start(): Promise<void> {
    if (this.#stopping) this.#abort = new AbortController();
    this.#stopping = false;
    this.#starting ??= this.#attempt().finally(() => {
      this.#starting = undefined;
    });
    return this.#starting;
  }

  /** Stops the server (its process ends) and cancels any pending restart. */
  async close(): Promise<void> {
    this.#stopping = true;
    this.#abort.abort();
    clearTimeout(this.#timer);
    this.#retryAt = undefined;
    const client = this.#client;
    this.#client = undefined;
    await this.#starting?.catch(() => undefined);
    await client?.close().catch(() => undefined);
    this.#setState('stopped');
  }

  /** Starts a server left `failed` again, with a fresh count of attempts. */
  restart(): Promise<void> {
    clearTimeout(this.#timer);
    this.#retryAt = undefined;
    this.#attempts = 0;
    this.#refused = false;
    return this.start();
  }

  /** The client, or a `CONNECTION_CLOSED` saying why there is none. */
  connected(): McpClient {
    const client = this.client;
    if (client !== undefined) return client;
    const why = this.#error === undefined ? '' : `: ${this.#error}`;
    throw new LocalError('CONNECTION_CLOSED', `server ${this.name} is not running (${this.#state})${why}`);
  }

  /** Calls one of its tools. */
  callTool(name: string, args: Readonly<Record<string, unknown>>, options: CallOptions = {}): Promise<T.CallToolResult> {
    return this.connected().callTool(
      { name, arguments: args },
      { timeoutMs: this.config.timeoutMs ?? this.#options.requestTimeoutMs, resetTimeoutOnProgress: true, ...options },
    );
  }

  async #attempt(): Promise<void> {
    this.#retryAt = undefined;
    this.#setState('starting');
    let transport: Transport | undefined;
    const client = new McpClient({
      ...this.#options.clientInfo,
      handlers: this.#options.handlers,
      timeoutMs: this.config.timeoutMs ?? this.#options.requestTimeoutMs,
      validateOutput: 'lenient',
      ...(this.#options.telemetry !== undefined && { telemetry: this.#options.telemetry }),
    });
    try {
      transport = this.#options.connector(this.config, {
        onStderr: (text) => {
          this.#options.emit({ type: 'server-stderr', server: this.name, text });
        },
        onWarning: (message) => {
          this.#warn(message);
        },
      });
      this.#client = client;
      const signal = AbortSignal.any([AbortSignal.timeout(this.#options.startTimeoutMs), this.#abort.signal]);
      await client.connect(transport, { signal });
      this.#watch(client);
      this.#lists = await this.#list(client, { signal });
    } catch (error) {
      await client.close().catch(() => undefined);
      if (this.#client === client) this.#client = undefined;
      if (this.#stopping) return;
      const timedOut =
        error instanceof LocalError ? error.code === 'CANCELLED' : error instanceof Error && error.name === 'TimeoutError';
      // A refused authorization stays refused: trying again would only ask the user again and again.
      if (refusedAuthorization(error)) this.#refused = true;
      this.#failed(
        timedOut ? `did not answer within ${String(this.#options.startTimeoutMs)} ms` : `could not start: ${withCauses(error)}`,
      );
      return;
    }
    if (this.#stopping) {
      await client.close().catch(() => undefined);
      return;
    }
    this.#readyAt = Date.now();
    this.#error = undefined;
    this.#setState('ready');
    this.#options.onListsChanged();
  }

  /** Lists everything the server offers; only tools are essential. */
  async #list(client: McpClient, options: CallOptions): Promise<ServerLists> {
    const caps = client.serverCapabilities ?? {};
    const optional = async <X>(offered: unknown, list: () => Promise<X[]>): Promise<X[]> => {
      if (offered === undefined) return [];
      try {
        return await list();
      } catch (error) {
        this.#warn(`listing failed: ${messageOf(error)}`);
        return [];
      }
    };
    const [tools, resources, resourceTemplates, prompts] = await Promise.all([
      caps.tools === undefined ? [] : client.listAllTools(options),
      optional(caps.resources, () => client.listAllResources(options)),
      optional(caps.resources, () => client.listAllResourceTemplates(options)),
      optional(caps.prompts, () => client.listAllPrompts(options)),
    ]);
    return { tools, resources, resourceTemplates, prompts };
  }

  /** Log messages, list changes, and the connection's end. */
  #watch(client: McpClient): void {
    client.onNotification('notifications/message', (params) => {
      this.#options.emit({
        type: 'server-log',
        server: this.name,
        level: params.level,
        ...(params.logger !== undefined && { logger: params.logger }),
        data: params.data,
      });
    });
    client.onClose((error) => {
      if (this.#stopping || this.#client !== client) return;
      this.#client = undefined;
      // A server that stayed up a while starts a new series of attempts.
      if (Date.now() - this.#readyAt >= (this.#options.restart.stableMs ?? 10_000)) this.#attempts = 0;
      this.#failed(`stopped: ${error === undefined ? 'the connection closed' : messageOf(error)}`);
    });
    const changed = (): void => {
      // Tracked, so the loop's next model call waits for the new lists (see `listsSettled`).
      const relisting = this.#refresh(client).finally(() => {
        if (this.#relisting === relisting) this.#relisting = undefined;
      });
      this.#relisting = relisting;
    };
    void client
      .subscribe({ toolsListChanged: true, resourcesListChanged: true, promptsListChanged: true }, changed)
      .catch(() => undefined);
    if (this.#options.logLevel !== undefined && client.serverCapabilities?.logging !== undefined)
      void client.setLoggingLevel({ level: this.#options.logLevel }).catch(() => undefined);
  }

  async #refresh(client: McpClient): Promise<void> {
    try {
      const lists = await this.#list(client, {});
      if (this.#client !== client) return;
      this.#lists = lists;
      this.#options.emit({ type: 'server-lists-changed', server: this.name });
      this.#options.onListsChanged();
    } catch (error) {
      this.#warn(`could not refresh its lists: ${messageOf(error)}`);
    }
  }

  /** A note about the server from the host itself, as a warning log message of logger `mcpkit`. */
  #warn(message: string): void {
    this.#options.emit({ type: 'server-log', server: this.name, level: 'warning', logger: 'mcpkit', data: message });
  }

  #failed(reason: string): void {
    this.#error = reason;
    this.#attempts++;
    const delay = this.#refused ? undefined : restartDelay(this.#options.restart, this.#attempts);
    this.#options.onListsChanged();
    if (delay !== undefined) {
      this.#setState('restarting', delay);
      this.#schedule(delay);
      return;
    }
    // The restarts ran out: failed, but tried once again every `pollMs`, unless refused.
    const poll = this.#refused ? 0 : (this.#options.restart.pollMs ?? 30_000);
    if (poll <= 0) {
      this.#setState('failed');
      return;
    }
    this.#setState('failed', poll);
    this.#schedule(poll);
  }

  #schedule(delay: number): void {
    this.#retryAt = Date.now() + delay;
    this.#timer = setTimeout(() => {
      if (!this.#stopping) void this.start();
    }, delay);
  }

  #setState(state: ServerState, retryInMs?: number): void {
    this.#state = state;
    this.#options.emit({
      type: 'server-state',
      server: this.name,
      state,
      ...(this.#error !== undefined && state !== 'ready' && state !== 'starting' && { error: this.#error }),
      ...(retryInMs !== undefined && { retryInMs }),
    });
  }
}

/** Whether `error` (or what caused it) is an authorization that failed for good (`mcpkit/auth`'s `AuthorizationError`). */
function refusedAuthorization(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if (e.name === 'AuthorizationError') return true;
  return false;
}
