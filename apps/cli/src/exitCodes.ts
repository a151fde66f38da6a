/**
 * Exit codes, stable across versions so scripts can rely on them, and the
 * error that means "the command line was wrong" (exit 2).
 *
 * @module
 */

/** What the process exits with. */
export const ExitCode = {
  /** The command did what was asked. */
  Ok: 0,
  /** It failed (a server could not start, a port was taken, ...). */
  Error: 1,
  /** The command line was wrong: unknown command, option or server, bad value. */
  Usage: 2,
} as const;

/** One exit code. */
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** A mistake in the command line; reported with a pointer to `--help`, exit 2. */
export class UsageError extends Error {
  /** The command whose help to point at (undefined: the top level). */
  readonly command: string | undefined;

  constructor(message: string, command?: string) {
    super(message);
    this.name = 'UsageError';
    this.command = command;
  }
}
