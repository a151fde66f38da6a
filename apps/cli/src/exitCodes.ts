/**
 * Exit codes, stable across versions so scripts can rely on them, and the
 * two errors the commands throw to choose one: `UsageError` (the command
 * line was wrong, exit 2) and `CliError` (any other chosen code).
 *
 * @module
 */

/** What the process exits with. */
export const ExitCode = {
  /** The command did what was asked. */
  Ok: 0,
  /** It failed for a reason not listed below (a port was taken, an unexpected error). */
  Error: 1,
  /** The command line was wrong: unknown command or option, bad value, arguments that break the tool's schema. */
  Usage: 2,
  /** The server refused: a JSON-RPC error, no such tool, prompt or resource, a method it does not offer, a malformed reply. */
  Server: 3,
  /** The tool ran and reported failure (`isError: true`); its content is printed. */
  ToolError: 4,
  /** No connection: the command could not start, the URL was unreachable, the server went away. */
  Connection: 5,
  /** `--timeout` (or a request's own timeout) elapsed. The number `timeout(1)` uses. */
  Timeout: 124,
  /** Interrupted (Ctrl-C): the request was cancelled. 128 + SIGINT. */
  Interrupted: 130,
} as const;

/** One exit code. */
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** A mistake in the command line; reported with a pointer to `--help`, exit 2. */
/**
 * The advice `node:util` `parseArgs` appends to an unknown option ("place it
 * at the end of the command after '--'"): here what follows `--` is the
 * server's command, so following it would hand the option to the server.
 */
const NODE_DASH_ADVICE =
  /\. To specify a positional argument starting with a '-', place it at the end of the command after '--'[\s\S]*$/;

export class UsageError extends Error {
  /** The command whose help to point at (undefined: the top level). */
  readonly command: string | undefined;

  constructor(message: string, command?: string) {
    super(message.replace(NODE_DASH_ADVICE, ''));
    this.name = 'UsageError';
    this.command = command;
  }
}

/** A failure whose exit code the command chose; `message` is printed after `mcpkit: `. */
export class CliError extends Error {
  /** The exit code. */
  readonly exitCode: ExitCode;

  constructor(exitCode: ExitCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}
