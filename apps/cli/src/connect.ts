/**
 * Connecting a client command to its server and running its work: the
 * transport for the server (`nodeTransportFor` of `mcpkit/host`), the client with the CLI's handlers, `--timeout`
 * and Ctrl-C as one abort signal, progress and server logs on stderr, and a
 * connection failure told apart from a failure of the work.
 *
 * @module
 */
import { telemetryOption } from './telemetry/index.js';
import { LocalError, type Transport } from 'mcpkit';
import { McpClient, type CallOptions } from 'mcpkit/client';
import { nodeTransportFor, type NodeTransportOptions, type ServerAuth } from 'mcpkit/host/transport';
import type { ServerConfig } from 'mcpkit/host/config';
import type { LoggingLevel, LoggingMessageParams } from 'mcpkit/protocol';
import { StdioClientTransport } from 'mcpkit/stdio';
import { cliServerOAuth, withOAuth } from './authSettings.js';
import type { ClientSettings } from './clientArgs.js';
import { CliError, ExitCode } from './exitCodes.js';
import { exitCodeFor, messageFor } from './failure.js';
import { cliHandlers } from './handlers.js';
import type { Io } from './io.js';
import { progressReporter } from './output/progress.js';
import { version } from './version.js';

/** What a command's work gets. */
export interface Session {
  readonly client: McpClient;
  /** Options for every call: the command's signal, progress on stderr. */
  readonly call: CallOptions;
}

/** The last stderr lines of a stdio server, kept to explain why it went away. */
class StderrTail {
  #text = '';
  add(text: string): void {
    this.#text = (this.#text + text).slice(-2000);
  }
  get lines(): string {
    return this.#text.trimEnd().split('\n').slice(-5).join('\n');
  }
}

/** How a client command reaches its server: its stderr and notes on stderr (not with `--quiet`), OAuth when asked. */
function transportOptions(io: Io, quiet: boolean, tail: StderrTail, auth: ServerAuth | undefined): NodeTransportOptions {
  return {
    auth,
    onWarning: (message) => {
      if (!quiet) io.stderr(`mcpkit: ${message}\n`);
    },
    onStderr: (text) => {
      tail.add(text);
      if (!quiet) io.stderr(text);
    },
  };
}

/**
 * The transport a client command would use for `server`. The bridge takes its
 * upstream from here, so it reaches a URL exactly as the client commands do
 * (headers, HTTP+SSE fallback, and whatever authorization they gain).
 */
export function cliTransport(server: ServerConfig, io: Io, quiet: boolean, auth?: ServerAuth): Transport {
  return nodeTransportFor(server, transportOptions(io, quiet, new StderrTail(), auth));
}

/** Why the command's signal fired. */
type Stop = 'timeout' | 'interrupted';

/**
 * Connects to the server, runs `work`, and closes. A failure to connect is
 * exit 5 (or 124 on timeout); `--timeout` and Ctrl-C cancel whatever is in
 * flight and exit 124 and 130.
 */
export async function withSession(
  settings: ClientSettings,
  io: Io,
  work: (session: Session) => Promise<ExitCode>,
): Promise<ExitCode> {
  for (const warning of settings.warnings) io.stderr(`mcpkit: ${warning}\n`);
  const tail = new StderrTail();
  // A URL authorizes by itself when the server asks.
  const server = await withOAuth(settings.server, settings.auth);
  const auth = server.type === 'stdio' ? undefined : cliServerOAuth(settings.auth, io, settings.quiet);
  const transport = nodeTransportFor(server, transportOptions(io, settings.quiet, tail, auth));
  const controller = new AbortController();
  let stop: Stop | undefined;
  const halt = (why: Stop): void => {
    stop ??= why;
    controller.abort();
  };
  const onSigint = (): void => {
    // A second Ctrl-C does not wait for the cleanup (the exit hook still ends a server process).
    if (stop === 'interrupted') process.exit(ExitCode.Interrupted);
    halt('interrupted');
  };
  process.on('SIGINT', onSigint);
  const timer = settings.timeoutMs === undefined ? undefined : setTimeout(halt, settings.timeoutMs, 'timeout');
  const client = new McpClient({
    name: 'mcpkit-cli',
    version: version(),
    era: settings.era,
    handlers: cliHandlers(io, settings.roots),
    validateOutput: 'lenient',
    ...telemetryOption(),
    // Within --timeout, a request may take as long as the command may; without it, the library's default (60 s).
    ...(settings.timeoutMs !== undefined && { timeoutMs: settings.timeoutMs }),
  });
  try {
    try {
      await client.connect(transport, { signal: controller.signal });
    } catch (error) {
      throw await connectFailure(error, settings, transport, tail, stop);
    }
    await showLogs(client, settings, io);
    const progress = progressReporter(io);
    const call: CallOptions = {
      signal: controller.signal,
      resetTimeoutOnProgress: true,
      ...(!settings.quiet && { onProgress: progress.report }),
    };
    try {
      return await work({ client, call });
    } finally {
      progress.done();
    }
  } catch (error) {
    if (stop !== undefined && !(error instanceof CliError)) throw stopped(stop, settings.timeoutMs, error);
    throw error;
  } finally {
    clearTimeout(timer);
    await client.close().catch(() => undefined);
    process.off('SIGINT', onSigint);
  }
}

function stopped(stop: Stop, timeoutMs: number | undefined, cause: unknown): CliError {
  return stop === 'timeout'
    ? new CliError(ExitCode.Timeout, `timed out after ${formatMs(timeoutMs ?? 0)} (--timeout)`, { cause })
    : new CliError(ExitCode.Interrupted, 'interrupted', { cause });
}

function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${String(ms / 1000)}s` : `${String(ms)}ms`;
}

/** Why connecting failed, as the error to report: exit 5 unless it was a timeout, an interruption or the server's refusal. */
async function connectFailure(
  error: unknown,
  settings: ClientSettings,
  transport: Transport,
  tail: StderrTail,
  stop: Stop | undefined,
): Promise<unknown> {
  // --timeout may fire while still connecting (a slow spawn): say how long it was, not 0s.
  if (stop !== undefined) return stopped(stop, settings.timeoutMs, error);
  const code = exitCodeFor(error);
  if (code !== ExitCode.Connection) return error;
  let detail = messageFor(error);
  if (transport instanceof StdioClientTransport) {
    const exit = await Promise.race([transport.exited.catch(() => undefined), new Promise((r) => setTimeout(r, 500, undefined))]);
    const info = exit as { code: number | null; signal: string | null } | undefined;
    // A negative code is a spawn failure (an errno): the original message says it better.
    if (info !== undefined && (info.code === null || info.code >= 0))
      detail = `the server process exited (${info.signal ?? `code ${String(info.code)}`}) before answering`;
    const lines = tail.lines;
    if (lines !== '') detail += `; its last output:\n${lines}`;
  }
  return new CliError(ExitCode.Connection, `could not connect to ${settings.label}: ${detail}`, { cause: error });
}

/** With `--log-level`: asks the server for log messages and shows them on stderr. */
async function showLogs(client: McpClient, settings: ClientSettings, io: Io): Promise<void> {
  if (settings.logLevel === undefined) return;
  client.onNotification('notifications/message', (params: LoggingMessageParams) => {
    const data = typeof params.data === 'string' ? params.data : JSON.stringify(params.data);
    io.stderr(`[${params.level}]${params.logger === undefined ? '' : ` ${params.logger}:`} ${data}\n`);
  });
  try {
    await client.setLoggingLevel({ level: settings.logLevel as LoggingLevel });
  } catch (error) {
    if (!(error instanceof LocalError && error.code === 'NOT_SUPPORTED')) throw error;
    io.stderr('mcpkit: the server does not offer logging; --log-level ignored\n');
  }
}
