/**
 * The server process behind one handshake-era HTTP session, started again
 * when it dies, so the session (and the client) carries on. What the process
 * was working on is lost: each request in flight is answered with an error
 * naming how the process ended, and so is each request sent while it
 * restarts if the restart fails. The new process is brought to where the old
 * one was by replaying the session's `initialize` and `notifications/initialized`
 * (their answers stay here); what the server kept in memory is gone, as after
 * any restart.
 *
 * A process that dies before it answered `initialize`, or too often
 * (`MAX_RESTARTS` within `RESTART_WINDOW_MS`), is not restarted: the
 * transport closes with the error, and the relay ends the session.
 *
 * @module
 */
import {
  LocalError,
  type JsonRpcMessage,
  type JsonRpcPayload,
  type RequestId,
  type Transport,
  type TransportSink,
} from 'mcpkit/jsonrpc';
import { decodeFrame, describe, errorResponse, idOf, UPSTREAM_UNAVAILABLE } from './frames.js';

const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 30_000;
/** How long a new process may take to answer the replayed `initialize`. */
const REPLAY_TIMEOUT_MS = 30_000;

/** Options of a {@link RestartingProcess}. */
export interface RestartingProcessOptions {
  /** A new, unstarted transport to a new process. */
  readonly spawn: () => Transport;
  readonly label: string;
  readonly log: (message: string) => void;
}

/** A transport to a server process that is restarted when it dies. */
export class RestartingProcess implements Transport {
  readonly #options: RestartingProcessOptions;
  #sink: TransportSink | undefined;
  #current: Transport | undefined;
  /** Requests sent to the current process and not answered, by id. */
  readonly #inFlight = new Set<RequestId>();
  /** The session's `initialize`, once the server accepted it: what a new process is given. */
  #initialize: JsonRpcMessage | undefined;
  /** The `initialize` sent, until answered. */
  #handshake: JsonRpcMessage | undefined;
  #initialized = false;
  /** While a new process is being brought up: messages wait for it. */
  #restarting: Promise<void> | undefined;
  readonly #restarts: number[] = [];
  #closed = false;
  #next = 0;
  /** The replayed `initialize` waiting for its answer. */
  #replay: { readonly id: RequestId; resolve(): void; reject(error: Error): void } | undefined;

  constructor(options: RestartingProcessOptions) {
    this.#options = options;
  }

  async start(sink: TransportSink): Promise<void> {
    this.#sink = sink;
    await this.#launch();
  }

  async send(payload: JsonRpcPayload): Promise<void> {
    if (this.#restarting !== undefined) await this.#restarting;
    const current = this.#current;
    if (current === undefined) throw new LocalError('CONNECTION_CLOSED', `${this.#options.label} is not running`);
    if (!Array.isArray(payload)) this.#observe(payload as JsonRpcMessage);
    await current.send(payload);
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#current?.close();
  }

  /** Remembers the handshake (to replay it) and which requests are in flight. */
  #observe(message: JsonRpcMessage): void {
    if (!('method' in message)) return;
    if (message.method === 'initialize') this.#handshake = message;
    if (message.method === 'notifications/initialized') this.#initialized = true;
    const id = idOf(message);
    if (id !== undefined && 'id' in message) this.#inFlight.add(id);
  }

  /** Starts a process; its messages go to the sink (but the answer to a replayed `initialize`), its death to {@link #died}. */
  async #launch(): Promise<Transport> {
    const child = this.#options.spawn();
    this.#current = child;
    await child.start({
      receive: (frame, info) => {
        if (this.#current !== child) return;
        const { messages } = decodeFrame(frame);
        const replay = this.#replay;
        if (replay !== undefined && messages.length === 1 && answers(messages[0], replay.id)) {
          this.#replay = undefined;
          replay.resolve();
          return;
        }
        for (const message of messages) {
          const id = idOf(message);
          if ('method' in message || id === undefined) continue;
          this.#inFlight.delete(id);
          if (this.#handshake !== undefined && idOf(this.#handshake) === id && 'result' in message)
            this.#initialize = this.#handshake;
        }
        this.#sink?.receive(frame, info);
      },
      reject: (error) => {
        this.#sink?.reject(error);
      },
      closed: (error) => {
        if (this.#current !== child) return;
        const replay = this.#replay;
        this.#replay = undefined;
        if (replay !== undefined) replay.reject(error ?? new LocalError('CONNECTION_CLOSED', 'it exited'));
        else this.#died(error);
      },
    });
    return child;
  }

  #died(error: Error | undefined): void {
    const why = error === undefined ? 'it exited' : error.message;
    for (const id of this.#inFlight)
      this.#sink?.receive(errorResponse(id, UPSTREAM_UNAVAILABLE, `${this.#options.label} stopped: ${why}`));
    this.#inFlight.clear();
    const now = Date.now();
    while (this.#restarts.length > 0 && now - (this.#restarts[0] ?? 0) > RESTART_WINDOW_MS) this.#restarts.shift();
    const init = this.#initialize;
    if (this.#closed || init === undefined || this.#restarts.length >= MAX_RESTARTS) {
      this.#current = undefined;
      this.#sink?.closed(error);
      return;
    }
    this.#restarts.push(now);
    this.#options.log(`${this.#options.label} stopped (${why}); starting it again`);
    this.#restarting = this.#restart(init).finally(() => {
      this.#restarting = undefined;
    });
  }

  /** A new process, given the session's handshake again; on failure the transport closes. */
  async #restart(init: JsonRpcMessage): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const child = await this.#launch();
      const id = `bridge-restart-${String(++this.#next)}`;
      const answered = new Promise<void>((resolve, reject) => {
        this.#replay = { id, resolve, reject };
        timer = setTimeout(() => {
          reject(new LocalError('REQUEST_TIMEOUT', 'it did not answer initialize'));
        }, REPLAY_TIMEOUT_MS);
      });
      await child.send({ ...init, id });
      await answered;
      if (this.#initialized) await child.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    } catch (error) {
      this.#replay = undefined;
      this.#options.log(`${this.#options.label} could not be started again: ${describe(error)}`);
      const child = this.#current;
      this.#current = undefined;
      await child?.close().catch(() => undefined);
      this.#sink?.closed(error instanceof Error ? error : undefined);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** True if `message` is the answer to request `id`. */
function answers(message: JsonRpcMessage | undefined, id: RequestId): boolean {
  return message !== undefined && !('method' in message) && idOf(message) === id;
}
