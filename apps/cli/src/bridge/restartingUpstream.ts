/**
 * An upstream started again when it goes away, so the host's session carries
 * on: the server process behind an HTTP session of `bridge --http`, or the
 * HTTP+SSE connection of `bridge URL` (a Streamable HTTP connection never
 * closes by itself). What the upstream was working on is lost: each request
 * in flight is answered with an error naming how it ended. The new one is
 * brought to where the old one was by replaying the session's `initialize`
 * and `notifications/initialized` (their answers stay here); what the server
 * kept in memory is gone, as after any restart.
 *
 * An upstream that goes away before it accepted `initialize`, or too often
 * (`MAX_RESTARTS` within `RESTART_WINDOW_MS`), is not started again: the
 * transport closes with the error, and the relay answers what follows with it.
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
/** Tries at bringing up a new upstream after one went away, and the pause before the second (doubling). */
const RESTART_ATTEMPTS = 4;
const RESTART_DELAY_MS = 500;
/** How long a new process may take to answer the replayed `initialize`. */
const REPLAY_TIMEOUT_MS = 30_000;

/** Options of a {@link RestartingUpstream}. */
export interface RestartingUpstreamOptions {
  /** A new, unstarted transport to a new upstream (a process, a connection). */
  readonly spawn: () => Transport | Promise<Transport>;
  readonly label: string;
  readonly log: (message: string) => void;
}

/** A transport to a server process that is restarted when it dies. */
export class RestartingUpstream implements Transport {
  readonly #options: RestartingUpstreamOptions;
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

  constructor(options: RestartingUpstreamOptions) {
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
    const id = Array.isArray(payload) ? undefined : this.#observe(payload as JsonRpcMessage);
    try {
      await current.send(payload);
    } catch (error) {
      // The relay answers a request whose send failed; a later restart must not answer it again.
      if (id !== undefined) this.#inFlight.delete(id);
      throw error;
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#current?.close();
  }

  /** Remembers the handshake (to replay it) and which requests are in flight; returns a request's id. */
  #observe(message: JsonRpcMessage): RequestId | undefined {
    if (!('method' in message)) return undefined;
    if (message.method === 'initialize') this.#handshake = message;
    if (message.method === 'notifications/initialized') this.#initialized = true;
    const id = idOf(message);
    if (id === undefined || !('id' in message)) return undefined;
    this.#inFlight.add(id);
    return id;
  }

  /** Starts a process; its messages go to the sink (but the answer to a replayed `initialize`), its death to {@link #died}. */
  async #launch(): Promise<Transport> {
    const child = await this.#options.spawn();
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

  /**
   * A new upstream, given the session's handshake again: a few attempts, further
   * apart each time (a server being redeployed needs a moment); then the
   * transport closes.
   */
  async #restart(init: JsonRpcMessage): Promise<void> {
    let failure: unknown;
    for (let attempt = 0; attempt < RESTART_ATTEMPTS; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, RESTART_DELAY_MS * 2 ** (attempt - 1)));
      if (this.#closed) return;
      try {
        await this.#replayOn(await this.#launch(), init);
        return;
      } catch (error) {
        failure = error;
        this.#replay = undefined;
        const child = this.#current;
        this.#current = undefined;
        await child?.close().catch(() => undefined);
      }
    }
    this.#options.log(`${this.#options.label} could not be started again: ${describe(failure)}`);
    this.#sink?.closed(failure instanceof Error ? failure : undefined);
  }

  /** Sends the replayed handshake to `child` and waits for its answer. */
  async #replayOn(child: Transport, init: JsonRpcMessage): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
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
    } finally {
      clearTimeout(timer);
    }
  }
}

/** True if `message` is the answer to request `id`. */
function answers(message: JsonRpcMessage | undefined, id: RequestId): boolean {
  return message !== undefined && !('method' in message) && idOf(message) === id;
}
