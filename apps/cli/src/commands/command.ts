/**
 * The shape of a command, and the output helpers every client command uses.
 *
 * @module
 */
import type { ExitCode } from '../exitCodes.js';
import type { Io } from '../io.js';

/** One `mcpkit <name>` command. */
export interface Command {
  /** Its name on the command line. */
  readonly name: string;
  /** Its synopsis in the main help, e.g. `list <what> <server>`. */
  readonly synopsis: string;
  /** One line for the main help. */
  readonly summary: string;
  /** Left out of the main help. */
  readonly hidden?: boolean;
  /** `mcpkit <name> --help`. */
  help(): string;
  /** Runs it; resolves with the exit code. */
  run(args: readonly string[], io: Io): Promise<ExitCode>;
}

/** Prints a result object as the `--json` output: indented JSON and a newline. */
export function printJson(io: Io, value: unknown): void {
  io.stdout(`${JSON.stringify(value, null, 2)}\n`);
}
