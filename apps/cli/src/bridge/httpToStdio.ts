/**
 * `mcpkit bridge --http PORT -- CMD…`: serves a stdio server on Streamable
 * HTTP and HTTP+SSE, through the library's own HTTP handler (`serveHttp`).
 * Each handshake-era session (Streamable HTTP or HTTP+SSE) is relayed to a
 * server process of its own, since a stdio server serves one `initialize`;
 * 2026-07-28 requests share one process (`statelessMux.ts`). A process that
 * dies is started again under the same session (`restartingUpstream.ts`);
 * requests in flight get an error. Every process is stopped when the bridge
 * stops.
 *
 * Against callers that open sessions to use up the machine: with
 * `--auth-server`, the handler authorizes each request before it reaches
 * `connect`, so no process starts for an unauthorized one; at most
 * `maxProcesses` session processes run at once (a new session beyond is
 * refused with 503, `processGate.ts`); and a session idle for
 * `idleTimeoutMs` is closed, stopping its process.
 *
 * @module
 */
import type { Transport } from 'mcpkit/jsonrpc';
import { serveHttp } from 'mcpkit/node';
import { isLoopbackHost } from 'mcpkit/protocol';
import { authOptions, type AuthArgs } from '../commands/serve.js';
import { ExitCode } from '../exitCodes.js';
import type { Io } from '../io.js';
import type { StdioServerConfig } from 'mcpkit/host/config';
import { nodeTransportFor } from 'mcpkit/host/transport';
import { ForwardingServer, type Closing } from './forwardingServer.js';
import { ProcessGate } from './processGate.js';
import { Relay } from './relay.js';
import { RestartingUpstream } from './restartingUpstream.js';
import { StatelessMux } from './statelessMux.js';

/** Options of {@link bridgeHttpToStdio}. */
export interface HttpToStdioOptions {
  /** The server process to start for each session. */
  readonly server: StdioServerConfig;
  /** How messages name it (the command line). */
  readonly label: string;
  readonly port: number;
  readonly host: string;
  readonly quiet: boolean;
  /** OAuth protection (`--auth-server`), as `serve --http` has it. */
  readonly auth?: AuthArgs | undefined;
  /** The most session processes at once (default {@link DEFAULT_MAX_PROCESSES}). */
  readonly maxProcesses?: number | undefined;
  /** A session with no open connection for this long is closed with its process, in ms (default {@link DEFAULT_IDLE_TIMEOUT_MS}). */
  readonly idleTimeoutMs?: number | undefined;
}

/** The most server processes for sessions at once when `--max-processes` is not given. */
export const DEFAULT_MAX_PROCESSES = 8;
/** How long a session may sit idle before it and its process are closed when `--idle-timeout` is not given (5 minutes). */
export const DEFAULT_IDLE_TIMEOUT_MS = 5 * 60_000;

/** A running bridge. */
export interface HttpBridge {
  readonly url: string;
  close(): Promise<void>;
}

/** Starts the bridge and resolves once it listens. */
export async function startHttpBridge(options: HttpToStdioOptions, io: Io): Promise<HttpBridge> {
  const { label, quiet } = options;
  const log = (message: string): void => {
    if (!quiet) io.stderr(`mcpkit bridge: ${message}\n`);
  };
  const processFor = (): Transport =>
    nodeTransportFor(options.server, {
      onStderr: (text) => {
        if (!quiet) io.stderr(text);
      },
    });
  const relays = new Set<Relay>();
  const gate = new ProcessGate(options.maxProcesses ?? DEFAULT_MAX_PROCESSES);
  const mux = new StatelessMux({
    label: label,
    log,
    spawn: async (onMessage, onClosed) => {
      const child = processFor();
      await child.start({ receive: onMessage, reject: () => undefined, closed: onClosed });
      return child;
    },
  });
  const forward = async (connection: Transport, stateless: boolean): Promise<Closing> => {
    if (stateless) {
      let ended!: () => void;
      const closed = new Promise<void>((resolve) => (ended = resolve));
      await mux.attach(endingWith(connection, ended));
      return { closed };
    }
    // Before anything starts: at the cap, the session is refused (503) with no process.
    const release = gate.acquire();
    try {
      const child = new RestartingUpstream({ spawn: processFor, label: label, log });
      const closing = await relaySession(connection, child, label, log, relays);
      void closing.closed.then(release);
      return closing;
    } catch (error) {
      release();
      throw error;
    }
  };
  const server = new ForwardingServer(forward);
  const auth = options.auth === undefined ? undefined : await authOptions(options.auth);
  const handle = await serveHttp(server, {
    port: options.port,
    host: options.host,
    idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    ...(auth !== undefined && { auth }),
  });
  return {
    url: handle.url,
    close: async () => {
      await handle.close();
      await Promise.allSettled([...relays].map((r) => r.close()));
      await mux.close();
    },
  };
}

/** Relays one handshake-era session to a process of its own. */
async function relaySession(
  connection: Transport,
  child: Transport,
  label: string,
  log: (message: string) => void,
  relays: Set<Relay>,
): Promise<Closing> {
  let ended!: () => void;
  const closed = new Promise<void>((resolve) => (ended = resolve));
  const relay: Relay = new Relay({
    host: connection,
    upstream: child,
    label,
    log,
    onClose: (side, error) => {
      if (side === 'upstream') log(`${label} stopped${error === undefined ? '' : `: ${error.message}`}; its session ends`);
      relays.delete(relay);
      // Answers to requests in flight were queued first; closing the session after them ends the streams.
      setImmediate(() => {
        void relay.close().then(ended);
      });
    },
  });
  relays.add(relay);
  await relay.start();
  return { closed };
}

/** `transport`, calling `ended` once it has closed. */
function endingWith(transport: Transport, ended: () => void): Transport {
  return {
    start: (sink) =>
      transport.start({
        receive: (frame, info) => {
          sink.receive(frame, info);
        },
        reject: (error) => {
          sink.reject(error);
        },
        closed: (error) => {
          sink.closed(error);
          ended();
        },
      }),
    send: (payload, options) => transport.send(payload, options),
    close: () => transport.close(),
  };
}

/** Runs the bridge until SIGINT or SIGTERM. */
export async function bridgeHttpToStdio(options: HttpToStdioOptions, io: Io): Promise<ExitCode> {
  const bridge = await startHttpBridge(options, io);
  if (!isLoopbackHost(options.host) && options.auth === undefined)
    io.stderr(
      `mcpkit: warning: ${options.host} is reachable from other machines, and nothing asks for authorization: ` +
        `anyone who can reach it can use ${options.label}\n`,
    );
  io.stderr(`mcpkit: bridging ${options.label} on ${bridge.url} (Ctrl-C to stop)\n`);
  await new Promise<void>((resolve) => {
    let stopping = false;
    const stop = (): void => {
      if (stopping) return;
      stopping = true;
      void bridge.close().then(resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return ExitCode.Ok;
}
