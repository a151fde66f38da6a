/**
 * One upstream of the gateway: a client of one configured server, kept
 * connected. It connects through the host's connector (stdio processes,
 * URLs, OAuth with the user's stored tokens); when the connection drops (the
 * process crashed, the URL went away) it reconnects the same client after
 * the host's restart backoff, so what was mounted from it stays mounted and
 * its subscriptions are re-opened. Calls made while it is down fail at once
 * with an error that says so. Nothing it does throws into the gateway.
 *
 * @module
 */
import { McpClient } from 'mcpkit/client';
import { restartDelay, type Connector, type RestartPolicy, type ServerConfig } from 'mcpkit/host';
import { InputRouter } from 'mcpkit/server';
import type { TelemetryOptions } from 'mcpkit/telemetry';

/** Where an upstream is in its life. */
export type UpstreamState = 'starting' | 'ready' | 'restarting' | 'failed' | 'stopped';

/** How the gateway runs its upstreams. */
export interface SupervisorOptions {
  readonly connector: Connector;
  readonly restart: RestartPolicy;
  /** Longest wait for a connection, ms. */
  readonly startTimeoutMs: number;
  readonly log: (message: string) => void;
  /** Called after every (re)connection. */
  readonly onReady: (upstream: SupervisedUpstream) => void;
  /** OpenTelemetry providers: the upstream's client spans, under the caller's request. */
  readonly telemetry?: TelemetryOptions | undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** One supervised upstream. */
export class SupervisedUpstream {
  readonly config: ServerConfig;
  readonly inputs = new InputRouter();
  readonly client: McpClient;
  readonly #options: SupervisorOptions;
  #state: UpstreamState = 'stopped';
  #error: string | undefined;
  #attempts = 0;
  #readyAt = 0;
  #restarts = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #stopping = false;

  constructor(config: ServerConfig, options: SupervisorOptions) {
    this.config = config;
    this.#options = options;
    this.client = new McpClient({
      name: 'mcpkit-gateway',
      version: '1.0.0',
      handlers: this.inputs.handlers,
      ...(options.telemetry !== undefined && { telemetry: options.telemetry }),
    });
    this.client.onClose((error) => {
      this.#dropped(error);
    });
  }

  get name(): string {
    return this.config.name;
  }

  /** What `/healthz` shows: no URL, command or header (they may carry secrets). */
  get status(): { readonly state: UpstreamState; readonly restarts: number; readonly error?: string } {
    return { state: this.#state, restarts: this.#restarts, ...(this.#error !== undefined && { error: this.#error }) };
  }

  /** Connects for the first time (resolves either way: a failure schedules a retry). */
  start(): Promise<void> {
    this.#stopping = false;
    return this.#attempt();
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    clearTimeout(this.#timer);
    this.#state = 'stopped';
    await this.client.close().catch(() => undefined);
  }

  async #attempt(): Promise<void> {
    if (this.#stopping) return;
    this.#state = this.#attempts === 0 && this.#restarts === 0 ? 'starting' : 'restarting';
    const signal = AbortSignal.timeout(this.#options.startTimeoutMs);
    try {
      const transport = this.#options.connector(this.config, {
        onStderr: (text) => {
          for (const line of text.split('\n')) if (line.trim() !== '') this.#options.log(`${this.name}: ${line}`);
        },
        onWarning: (message) => {
          this.#options.log(`${this.name}: ${message}`);
        },
      });
      await this.client.connect(transport, { signal });
    } catch (error) {
      this.#error = messageOf(error);
      this.#options.log(`${this.name}: cannot connect: ${this.#error}`);
      this.#schedule();
      return;
    }
    // stop() may have run while connecting.
    if (this.#isStopping()) {
      await this.client.close().catch(() => undefined);
      return;
    }
    this.#state = 'ready';
    this.#error = undefined;
    this.#readyAt = Date.now();
    this.#options.onReady(this);
  }

  #isStopping(): boolean {
    return this.#stopping;
  }

  #dropped(error: Error | undefined): void {
    if (this.#stopping || this.#state !== 'ready') return;
    this.#error = error === undefined ? 'the connection closed' : messageOf(error);
    this.#options.log(`${this.name}: disconnected (${this.#error}); restarting`);
    // A server that stayed up a while starts a fresh series of attempts.
    if (Date.now() - this.#readyAt > (this.#options.restart.stableMs ?? 10_000)) this.#attempts = 0;
    this.#state = 'restarting';
    this.#schedule();
  }

  #schedule(): void {
    if (this.#stopping) return;
    this.#attempts++;
    const delay = restartDelay(this.#options.restart, this.#attempts);
    const poll = this.#options.restart.pollMs ?? 30_000;
    if (delay === undefined) {
      this.#state = 'failed';
      this.#attempts = 0;
      if (poll === 0) return;
    } else {
      this.#state = 'restarting';
    }
    this.#timer = setTimeout(() => {
      this.#restarts++;
      void this.#attempt();
    }, delay ?? poll);
    this.#timer.unref();
  }
}
