/**
 * The inspector's state and the browser's requests: the open connections,
 * the sockets of the browser tabs, the server's requests waiting for the
 * user, and each tab's running requests (for progress and cancel).
 *
 * @module
 */
import type { TelemetryOptions } from 'mcpkit/telemetry';
import { randomUUID } from 'node:crypto';
import { loadAppResource } from 'mcpkit/host/apps';
import type { ReadResourceResult } from 'mcpkit/protocol';
import type { AppFrame, Ask, BrowserMessage, ServerMessage } from '../shared/channel.js';
import type { AppSandbox } from './appSandbox.js';
import { parseConnectSpec, type ConnectSpec } from '../shared/connectSpec.js';
import { parseRecording } from '../shared/recording.js';
import { replaySteps } from '../replay/replaySteps.js';
import { Connection, errorInfo } from './connection.js';
import type { ServerAuth } from 'mcpkit/host/transport';

/** True for a list of `{ uri: 'file://…', name? }`. */
function isRootList(value: unknown): value is readonly { uri: string; name?: string }[] {
  return (
    Array.isArray(value) &&
    value.every((r: unknown) => {
      if (typeof r !== 'object' || r === null) return false;
      const { uri, name } = r as { uri?: unknown; name?: unknown };
      return typeof uri === 'string' && uri.startsWith('file://') && (name === undefined || typeof name === 'string');
    })
  );
}

/** A browser tab's end of the channel. */
export interface Peer {
  send(message: ServerMessage): void;
}

interface Waiting {
  readonly ask: Ask;
  readonly resolve: (answer: unknown) => void;
}

/** The inspector's state. */
export class Hub {
  readonly #connections = new Map<string, Connection>();
  readonly #peers = new Set<Peer>();
  readonly #asks = new Map<string, Waiting>();
  /** Running requests, by the browser's id (per peer). */
  readonly #running = new Map<Peer, Map<number, AbortController>>();
  readonly #auth: ServerAuth | undefined;
  readonly #sandbox: AppSandbox | undefined;
  readonly #telemetry: TelemetryOptions | undefined;
  #next = 0;

  constructor(
    options: {
      readonly auth?: ServerAuth | undefined;
      readonly sandbox?: AppSandbox;
      readonly telemetry?: TelemetryOptions | undefined;
    } = {},
  ) {
    this.#auth = options.auth;
    this.#sandbox = options.sandbox;
    this.#telemetry = options.telemetry;
  }

  /** Reads an app from its server (the read shows in the wire log) and serves it from the sandbox origin. */
  async #openApp(connection: Connection, uri: string): Promise<AppFrame> {
    if (this.#sandbox === undefined) throw new TypeError('this inspector has no app sandbox');
    const server = {
      readResource: (p: { uri: string }) => connection.request('resources/read', p) as Promise<ReadResourceResult>,
    };
    const app = await loadAppResource(server, uri);
    return {
      url: this.#sandbox.add(app.html, app.meta.csp),
      origin: this.#sandbox.origin,
      meta: { ...app.meta },
      dropped: app.dropped,
    };
  }

  /** Every connection. */
  get connections(): readonly Connection[] {
    return [...this.#connections.values()];
  }

  #broadcast(message: ServerMessage): void {
    for (const peer of this.#peers) peer.send(message);
  }

  /** Shows the user a request from a server and waits for the answer (or for the server to give up). */
  #ask(request: Omit<Ask, 'id'>, signal: AbortSignal): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const ask: Ask = { ...request, id: randomUUID() };
      const done = (): void => {
        this.#asks.delete(ask.id);
        this.#broadcast({ type: 'askDone', ask: ask.id });
      };
      signal.addEventListener('abort', () => {
        done();
        reject(signal.reason as Error);
      });
      this.#asks.set(ask.id, {
        ask,
        resolve: (answer) => {
          done();
          resolve(answer);
        },
      });
      this.#broadcast({ type: 'ask', ask });
    });
  }

  /** Opens a connection (its failure to connect is reported, the connection stays listed). */
  async connect(spec: ConnectSpec): Promise<Connection> {
    const connection = this.#open(spec);
    await connection.connect();
    return connection;
  }

  /** Lists a new connection, not yet connected. */
  #open(spec: ConnectSpec): Connection {
    const id = `c${String(++this.#next)}`;
    const connection = new Connection(id, spec, {
      changed: (c) => {
        this.#broadcast({ type: 'connection', connection: c.info() });
      },
      ask: (request, signal) => this.#ask({ ...request, connection: id }, signal),
      auth: this.#auth,
      telemetry: this.#telemetry,
    });
    this.#connections.set(id, connection);
    connection.log.listen((entries) => {
      this.#broadcast({ type: 'wire', connection: id, entries });
    });
    return connection;
  }

  /** Closes every connection. */
  async close(): Promise<void> {
    await Promise.all(this.connections.map((c) => c.close()));
  }

  /** A browser tab joined: it gets the whole state. */
  join(peer: Peer): () => void {
    this.#peers.add(peer);
    this.#running.set(peer, new Map());
    peer.send({
      type: 'hello',
      connections: this.connections.map((c) => c.info()),
      asks: [...this.#asks.values()].map((w) => w.ask),
    });
    for (const c of this.connections) {
      c.log.flush();
      if (c.log.entries.length > 0) peer.send({ type: 'wire', connection: c.id, entries: c.log.entries });
    }
    return () => {
      this.#peers.delete(peer);
      for (const controller of this.#running.get(peer)?.values() ?? []) controller.abort();
      this.#running.delete(peer);
    };
  }

  /** Handles one message from a tab; every failure becomes an error reply. */
  async handle(peer: Peer, text: string): Promise<void> {
    let message: BrowserMessage;
    try {
      message = JSON.parse(text) as BrowserMessage;
      if (typeof message !== 'object' || typeof message.type !== 'string' || typeof message.id !== 'number')
        throw new TypeError('expected { type, id, … }');
    } catch (error) {
      peer.send({ type: 'reply', id: -1, ok: false, error: { message: `bad message: ${errorInfo(error).message}` } });
      return;
    }
    try {
      const value = await this.#dispatch(peer, message);
      peer.send({ type: 'reply', id: message.id, ok: true, value: value ?? null });
    } catch (error) {
      peer.send({ type: 'reply', id: message.id, ok: false, error: errorInfo(error) });
    }
  }

  #connection(id: string): Connection {
    const c = this.#connections.get(id);
    if (c === undefined) throw new TypeError(`no connection ${JSON.stringify(id)}`);
    return c;
  }

  async #dispatch(peer: Peer, m: BrowserMessage): Promise<unknown> {
    switch (m.type) {
      case 'connect': {
        const connection = this.#open(parseConnectSpec(m.spec));
        await connection.connect();
        return { connection: connection.id };
      }
      case 'reconnect':
        await this.#connection(m.connection).connect();
        return null;
      case 'close':
        await this.#connection(m.connection).close();
        return null;
      case 'request': {
        const controller = new AbortController();
        const running = this.#running.get(peer);
        running?.set(m.id, controller);
        try {
          return await this.#connection(m.connection).request(m.method, m.params, {
            signal: controller.signal,
            onProgress: (p) => {
              peer.send({
                type: 'progress',
                id: m.id,
                progress: p.progress,
                ...(p.total !== undefined && { total: p.total }),
                ...(p.message !== undefined && { message: p.message }),
              });
            },
          });
        } finally {
          running?.delete(m.id);
        }
      }
      case 'cancel':
        this.#running.get(peer)?.get(m.request)?.abort();
        return null;
      case 'subscribe': {
        const connection = m.connection;
        const uri = m.uri;
        await this.#connection(connection).subscribe(uri, () => {
          this.#broadcast({ type: 'updated', connection, uri });
        });
        return null;
      }
      case 'logLevel':
        return this.#connection(m.connection).request('logging/setLevel', { level: m.level });
      case 'roots':
        if (!isRootList(m.roots)) throw new TypeError('each root needs a file:// URI');
        await this.#connection(m.connection).setRoots(m.roots);
        return null;
      case 'record':
        return this.#connection(m.connection).record(m.on, { keepSecrets: m.keepSecrets === true }) ?? null;
      case 'replay': {
        const recording = parseRecording(JSON.stringify(m.recording));
        return replaySteps(this.#connection(m.connection), recording);
      }
      case 'answer': {
        const waiting = this.#asks.get(m.ask);
        if (waiting === undefined)
          throw new TypeError('that request is no longer waiting (answered, or cancelled by the server)');
        waiting.resolve(m.answer);
        return null;
      }
      case 'openApp':
        if (typeof m.uri !== 'string') throw new TypeError('openApp needs a ui:// uri');
        return this.#openApp(this.#connection(m.connection), m.uri);
      case 'appTraffic':
        // The tab's message is JSON: its fields are checked, whatever the type says.
        if (!['in', 'out'].includes(m.dir) || typeof (m.app as unknown) !== 'string')
          throw new TypeError('appTraffic needs dir and app');
        this.#connection(m.connection).log.add({ kind: 'message', dir: m.dir, message: m.message, app: m.app });
        return null;
      default:
        throw new TypeError(`unknown message type ${JSON.stringify((m as { type: unknown }).type)}`);
    }
  }
}
