/**
 * The client side of stdio: spawns a server process and talks to it over its
 * stdin and stdout. Shuts down as the spec says: close stdin, wait, SIGTERM,
 * wait, SIGKILL; and never leaves a child behind when this process exits.
 *
 * @module
 */
import type { ChildProcess } from 'node:child_process';
import { LocalError } from '../../jsonrpc/localError.js';
import type { JsonRpcPayload } from '../../jsonrpc/message.js';
import type { NetworkKind, Transport, TransportSink } from '../../jsonrpc/transport.js';
import { defaultEnvironment } from './defaultEnvironment.js';
import { StreamTransport } from './streamTransport.js';

/** How to start the server process. */
export interface StdioClientTransportOptions {
  /** The executable. */
  readonly command: string;
  /** Its arguments. */
  readonly args?: readonly string[];
  /** Extra environment variables, on top of the safe default set (or of `inheritEnv`). */
  readonly env?: Readonly<Record<string, string>>;
  /** Which of this process's variables the child inherits: the safe default list, a list of names, or all (`true`). */
  readonly inheritEnv?: boolean | readonly string[];
  /** The working directory. */
  readonly cwd?: string;
  /**
   * The child's stderr: `'inherit'` (default; shown where this process's
   * stderr goes), `'ignore'`, or `'pipe'` to receive it through `onStderr`.
   */
  readonly stderr?: 'inherit' | 'ignore' | 'pipe';
  /** Receives the child's stderr text when `stderr` is `'pipe'`. It is diagnostics, not an error signal. */
  readonly onStderr?: (text: string) => void;
  /** How long each shutdown step waits for the child to exit, in ms (default 2000). */
  readonly shutdownStepMs?: number;
  /** The longest accepted message, in bytes (default 64 MiB). */
  readonly maxMessageBytes?: number;
}

/** How the child ended. */
export interface ExitInfo {
  /** The exit code, or null if a signal ended it. */
  readonly code: number | null;
  /** The signal that ended it, or null. */
  readonly signal: NodeJS.Signals | null;
}

const live = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of live) killTree(child, 'SIGKILL');
  });
}

/**
 * Signals the child's whole process group on POSIX (a `npx` wrapper's
 * children too). The group is signalled even when the child itself has
 * already exited: a launcher that dies of SIGTERM can leave its own child
 * (the real server) holding the pipes.
 */
function killTree(child: ChildProcess, signal: NodeJS.Signals): void {
  const pid = child.pid;
  if (pid === undefined) return;
  if (process.platform !== 'win32' && signalGroup(pid, signal)) return;
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    child.kill(signal);
  } catch {
    // Already gone.
  }
}

/** Sends `signal` (0: just probe) to process group `pid`; false if no such group is left. */
function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  if (process.platform === 'win32') return false;
  try {
    process.kill(-pid, signal);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Ends what is left of the child's process group once the child is gone:
 * stragglers it started and did not wait for. SIGTERM first, SIGKILL after a
 * step if any of them ignores it.
 */
async function reapGroup(child: ChildProcess, stepMs: number): Promise<void> {
  const pid = child.pid;
  if (pid === undefined || !signalGroup(pid, 0)) return;
  signalGroup(pid, 'SIGTERM');
  const deadline = Date.now() + stepMs;
  while (signalGroup(pid, 0) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  signalGroup(pid, 'SIGKILL');
}

/** Talks to a server process over its stdio. */
export class StdioClientTransport implements Transport {
  /** How the messages travel (telemetry). */
  readonly network: NetworkKind = { transport: 'pipe' };
  readonly #options: StdioClientTransportOptions;
  #child: ChildProcess | undefined;
  #inner: StreamTransport | undefined;
  #exit: Promise<ExitInfo> | undefined;
  #closing: Promise<void> | undefined;

  constructor(options: StdioClientTransportOptions) {
    this.#options = options;
  }

  /** The child's process id, once started. */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** Resolves when the child has exited (and its stdio closed). */
  get exited(): Promise<ExitInfo> {
    return this.#exit ?? Promise.reject(new LocalError('CONNECTION_CLOSED', 'Process not started'));
  }

  start(sink: TransportSink): Promise<void> {
    if (this.#child !== undefined) return Promise.reject(new LocalError('INVALID_ARGUMENT', 'Transport already started'));
    const o = this.#options;
    const inherit = o.inheritEnv;
    const base = inherit === true ? { ...process.env } : defaultEnvironment(Array.isArray(inherit) ? inherit : undefined);
    const stderr = o.stderr ?? 'inherit';
    // Loaded here, not imported: a server importing `mcpkit/stdio` never pays for child_process.
    const { spawn } = process.getBuiltinModule('node:child_process');
    const child = spawn(o.command, o.args ?? [], {
      env: { ...base, ...o.env },
      cwd: o.cwd,
      stdio: ['pipe', 'pipe', stderr],
      shell: false,
      windowsHide: true,
      detached: process.platform !== 'win32',
    });
    this.#child = child;
    installExitHook();
    live.add(child);
    if (stderr === 'pipe' && child.stderr) {
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (text: string) => o.onStderr?.(text));
    }
    const stdin = child.stdin;
    const stdout = child.stdout;
    if (stdin === null || stdout === null) return Promise.reject(new LocalError('TRANSPORT_FAILED', 'Child has no stdio pipes'));
    // The client never pauses its input: the server does, and if both did, two peers sending large messages would deadlock.
    const inner = new StreamTransport(stdout, stdin, {
      pauseInputWhileFull: false,
      ...(o.maxMessageBytes !== undefined && { maxMessageBytes: o.maxMessageBytes }),
    });
    this.#inner = inner;
    this.#exit = new Promise<ExitInfo>((resolve) => {
      child.once('close', (code, signal) => {
        live.delete(child);
        resolve({ code, signal });
      });
    });
    return new Promise<void>((resolve, reject) => {
      // Not once: a later 'error' (a failed kill) must not go unhandled and crash this process.
      child.on('error', (error) => {
        live.delete(child);
        reject(new LocalError('TRANSPORT_FAILED', `Could not start ${o.command}: ${error.message}`, { cause: error }));
      });
      child.once('spawn', () => {
        void inner.start({
          receive: (frame, info) => {
            sink.receive(frame, info);
          },
          reject: (error) => {
            sink.reject(error);
          },
          // The channel is over once the child's stdout ends; report how the process ended with it.
          closed: (error) => {
            void this.#exit?.then((info) => {
              // An exit we asked for (close()) is not a failure.
              sink.closed(error ?? (this.#closing === undefined ? exitError(o.command, info) : undefined));
            });
          },
        });
        resolve();
      });
    });
  }

  send(payload: JsonRpcPayload): Promise<void> {
    if (this.#inner === undefined) return Promise.reject(new LocalError('CONNECTION_CLOSED', 'Transport not started'));
    return this.#inner.send(payload);
  }

  /**
   * Closes stdin, waits, then SIGTERM, waits, then SIGKILL (to the child's
   * process group); then ends any straggler left in that group. Resolves once
   * they are all gone.
   */
  close(): Promise<void> {
    this.#closing ??= this.#shutdown();
    return this.#closing;
  }

  async #shutdown(): Promise<void> {
    const child = this.#child;
    const exit = this.#exit;
    if (child === undefined || exit === undefined) return;
    const step = this.#options.shutdownStepMs ?? 2000;
    // Writes are coalesced until the next turn: let a message sent just before close (a cancellation) go out first.
    await new Promise((resolve) => setImmediate(resolve));
    child.stdin?.end();
    if (!(await exitsWithin(exit, step))) {
      killTree(child, 'SIGTERM');
      if (!(await exitsWithin(exit, step))) {
        killTree(child, 'SIGKILL');
        await exit;
      }
    }
    await reapGroup(child, step);
    await this.#inner?.close();
  }
}

function exitsWithin(exit: Promise<ExitInfo>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      resolve(false);
    }, ms);
    void exit.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

function exitError(command: string, info: ExitInfo): LocalError | undefined {
  if (info.code === 0) return undefined;
  const how = info.signal === null ? `exit code ${String(info.code)}` : `signal ${info.signal}`;
  return new LocalError('CONNECTION_CLOSED', `Server process ${command} ended with ${how}`);
}
