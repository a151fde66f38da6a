/**
 * The shape of a command and of its entry in the command list, and the
 * output helpers every client command uses.
 *
 * @module
 */
import type { ExitCode } from '../exitCodes.js';
import type { Io } from '../io.js';

/** What one `mcpkit <name>` command does; its module loads only when it is used (see {@link CommandEntry}). */
export interface Command {
  /** `mcpkit <name> --help`. */
  help(): string;
  /** Runs it; resolves with the exit code. */
  run(args: readonly string[], io: Io): Promise<ExitCode>;
}

/**
 * A command as the main help lists it. Its code is behind `load`, so a
 * command loads only its own modules: `mcpkit serve` starts without the
 * client, the chat host or anything else another command needs.
 */
export interface CommandEntry {
  /** Its name on the command line. */
  readonly name: string;
  /** Its synopsis in the main help, e.g. `list <what> <server>`. */
  readonly synopsis: string;
  /** One line for the main help. */
  readonly summary: string;
  /** Left out of the main help. */
  readonly hidden?: boolean;
  /** Loads the command's module. */
  load(): Promise<Command>;
}

/** Prints a result object as the `--json` output: indented JSON and a newline. */
export function printJson(io: Io, value: unknown): void {
  io.stdout(`${JSON.stringify(value, null, 2)}\n`);
}
