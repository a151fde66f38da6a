/**
 * One server the inspector is connected to: its mcpkit client, its wire log,
 * the roots the user lists, the server's requests waiting for the user, and
 * the recording of the calls made while "Record" is on.
 *
 * @module
 */
import type { TelemetryOptions } from 'mcpkit/telemetry';
import { LocalError, RpcError } from 'mcpkit';
import { McpClient, type CallOptions, type ClientHandlers, type Subscription } from 'mcpkit/client';
import type { LoggingLevel } from 'mcpkit/protocol';
import type { Ask, ConnectionInfo, ErrorInfo } from '../shared/channel.js';
import { labelOf, type ConnectSpec } from '../shared/connectSpec.js';
import { RECORDING_FORMAT, type Outcome, type RecordedAnswer, type Recording, type Step } from '../shared/recording.js';
import { maskRecording } from '../shared/secrets.js';
import type { ServerAuth } from 'mcpkit/host/transport';
import { tappedTransportFor } from './tappedTransport.js';
import { WireLog } from './wireLog.js';

/** The spec's code for "the user rejected the sampling request". */
const USER_REJECTED = -1;

/** Answers the server's requests: the browser's user, or a replay's recorded answers. */
export type Answerer = (ask: Omit<Ask, 'id' | 'connection'>, signal: AbortSignal) => Promise<unknown>;

/** What a connection needs from the inspector around it. */
export interface ConnectionHost {
  /** The connection's state changed. */
  changed(connection: Connection): void;
  /** Asks the user (through the browser). */
  readonly ask: Answerer;
  /** Authorizes HTTP connections (`serverOAuth` of `mcpkit/host`); none: only their headers. */
  readonly auth?: ServerAuth | undefined;
  /** OpenTelemetry providers for this connection's client. */
  readonly telemetry?: TelemetryOptions | undefined;
}

/** A failure as the browser shows it. */
export function errorInfo(error: unknown): ErrorInfo {
  if (error instanceof RpcError)
    return { message: error.message, code: error.code, ...(error.data !== undefined && { data: error.data }) };
  if (error instanceof LocalError) return { message: error.message, code: error.code };
  return { message: error instanceof Error ? error.message : String(error) };
}

interface OpenStep {
  readonly answers: RecordedAnswer[];
}

/** One connection. */
export class Connection {
  readonly id: string;
  readonly spec: ConnectSpec;
  readonly log = new WireLog();
  readonly #host: ConnectionHost;
  readonly client: McpClient;
  #status: ConnectionInfo['status'] = 'connecting';
  #error: string | undefined;
  #roots: { uri: string; name?: string }[] = [];
  #steps: Step[] | undefined;
  readonly #open: OpenStep[] = [];
  readonly #subscriptions = new Map<string, Subscription>();
  /** During a replay, the recorded answers stand in for the user. */
  answerer: Answerer | undefined;

  constructor(id: string, spec: ConnectSpec, host: ConnectionHost) {
    this.id = id;
    this.spec = spec;
    this.#host = host;
    this.client = new McpClient({
      name: 'mcpkit-inspector',
      version: '0.1.0',
      era: spec.era as never,
      handlers: this.#handlers(),
      validateOutput: 'lenient',
      apps: true,
      ...(host.telemetry !== undefined && { telemetry: host.telemetry }),
    });
    this.client.onClose((error) => {
      if (this.#status === 'connected') {
        this.#status = 'closed';
        this.#error = error?.message;
        this.#host.changed(this);
      }
    });
  }

  #handlers(): ClientHandlers {
    const ask = async (request: Omit<Ask, 'id' | 'connection'>, signal: AbortSignal): Promise<unknown> => {
      const answer = await (this.answerer ?? this.#host.ask)(request, signal);
      this.#open.at(-1)?.answers.push({ method: request.method, answer });
      return answer;
    };
    return {
      elicitation: {
        form: async (params, context) =>
          (await ask({ method: 'elicitation/create', mode: 'form', params: { ...params } }, context.signal)) as never,
        url: async (params, context) =>
          (await ask({ method: 'elicitation/create', mode: 'url', params: { ...params } }, context.signal)) as never,
      },
      sampling: {
        createMessage: async (params, context) => {
          const answer = await ask({ method: 'sampling/createMessage', params: { ...params } }, context.signal);
          if (typeof answer === 'object' && answer !== null && 'reject' in answer)
            throw new RpcError(USER_REJECTED, 'The user rejected the sampling request');
          return answer as never;
        },
      },
      roots: { list: () => this.#roots, listChanged: true },
    };
  }

  /** Connects (or connects again after a close). */
  async connect(): Promise<void> {
    this.#status = 'connecting';
    this.#error = undefined;
    this.#host.changed(this);
    try {
      const transport = tappedTransportFor(this.spec, (entry) => this.log.add(entry), this.#host.auth);
      if (this.client.isConnected) await this.client.reconnect(transport);
      else await this.client.connect(transport);
      this.#status = 'connected';
    } catch (error) {
      this.#status = 'failed';
      this.#error = errorInfo(error).message;
      throw error;
    } finally {
      this.#host.changed(this);
    }
  }

  /** Closes the connection. */
  async close(): Promise<void> {
    this.#status = 'closed';
    await this.client.close().catch(() => undefined);
    this.#host.changed(this);
  }

  /** The state the browser shows. */
  info(): ConnectionInfo {
    const c = this.client;
    return {
      id: this.id,
      label: labelOf(this.spec),
      spec: this.spec,
      status: this.#status,
      ...(this.#error !== undefined && { error: this.#error }),
      ...(c.era !== undefined && { era: c.era }),
      ...(c.revision !== undefined && { revision: c.revision }),
      ...(c.serverInfo !== undefined && { serverInfo: { ...c.serverInfo } }),
      ...(c.serverCapabilities !== undefined && { capabilities: { ...c.serverCapabilities } }),
      ...(c.instructions !== undefined && { instructions: c.instructions }),
      recording: this.#steps !== undefined,
      roots: this.#roots,
    };
  }

  /**
   * Sends one request the user made, recording it while recording is on.
   * `tools/call` goes through `callTool` (the result checked against the
   * tool's output schema, `outputIssues` set on a mismatch) and `resources/read`
   * through `readResource`; `logging/setLevel` sets the level in either era.
   */
  async request(method: string, params: Record<string, unknown> | undefined, options: CallOptions = {}): Promise<unknown> {
    const step: OpenStep = { answers: [] };
    this.#open.push(step);
    let outcome: Outcome;
    try {
      const result = await this.#send(method, params, options);
      outcome = { result };
      return result;
    } catch (error) {
      outcome = { error: errorInfo(error) };
      throw error;
    } finally {
      this.#open.splice(this.#open.indexOf(step), 1);
      this.#steps?.push({ method, params: params ?? {}, outcome: outcome!, answers: step.answers });
    }
  }

  #send(method: string, params: Record<string, unknown> | undefined, options: CallOptions): Promise<unknown> {
    const c = this.client;
    switch (method) {
      case 'tools/call':
        return c.callTool(params as never, { ...options, resetTimeoutOnProgress: true });
      case 'resources/read':
        return c.readResource(params as never, options);
      case 'logging/setLevel':
        return c.setLoggingLevel({ level: params?.['level'] as LoggingLevel }, options).then(() => ({}));
      default:
        return c.request(method, params, options);
    }
  }

  /** Subscribes to a resource's updates; `onUpdate` hears each. Idempotent per URI. */
  async subscribe(uri: string, onUpdate: () => void): Promise<void> {
    if (this.#subscriptions.has(uri)) return;
    const subscription = await this.client.subscribe({ resources: [uri] }, (n) => {
      if (n.method === 'notifications/resources/updated') onUpdate();
    });
    this.#subscriptions.set(uri, subscription);
  }

  /** Replaces the roots and tells the server. */
  async setRoots(roots: readonly { uri: string; name?: string }[]): Promise<void> {
    this.#roots = roots.map((r) => ({ uri: r.uri, ...(r.name !== undefined && r.name !== '' && { name: r.name }) }));
    this.#host.changed(this);
    if (this.client.isConnected) await this.client.notifyRootsListChanged();
  }

  /**
   * Starts recording (clearing an earlier recording), or stops and returns
   * it: with its secrets masked (`shared/secrets.ts`) unless `keepSecrets`.
   */
  record(on: boolean, options: { readonly keepSecrets?: boolean } = {}): Recording | undefined {
    if (on) {
      this.#steps = [];
      this.#recordFrom = this.log.entries.at(-1)?.seq ?? 0;
      this.#host.changed(this);
      return undefined;
    }
    const steps = this.#steps ?? [];
    this.#steps = undefined;
    this.#host.changed(this);
    const from = this.#recordFrom;
    const c = this.client;
    const recording: Recording = {
      format: RECORDING_FORMAT,
      version: 1,
      recordedAt: new Date().toISOString(),
      target: this.spec,
      server: {
        ...(c.serverInfo !== undefined && { name: c.serverInfo.name, version: c.serverInfo.version }),
        ...(c.revision !== undefined && { revision: c.revision }),
        ...(c.era !== undefined && { era: c.era }),
      },
      steps,
      wire: this.log.entries.filter((e) => e.seq > from),
    };
    return options.keepSecrets === true ? { ...recording, secrets: 'kept' } : maskRecording(recording);
  }
  #recordFrom = 0;
}
