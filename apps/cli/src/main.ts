/**
 * The `mcpkit` command line: dispatches to a command and turns whatever
 * happens into a message and a stable exit code (see `exitCodes.ts`).
 *
 * @module
 */
import { startTelemetry, stopTelemetry } from './telemetry/index.js';
import { COMMANDS, type CommandEntry } from './commands/index.js';
import { ExitCode, UsageError } from './exitCodes.js';
import { exitCodeFor, messageFor } from './failure.js';
import { PROCESS_IO, type Io } from './io.js';
import { mainHelp } from './usage.js';
import { version } from './version.js';

export { CliError, ExitCode, UsageError } from './exitCodes.js';
export type { Io } from './io.js';
export { version } from './version.js';

function find(name: string): CommandEntry | undefined {
  return COMMANDS.find((c) => c.name === name);
}

function topHelp(): string {
  return mainHelp(COMMANDS.filter((c) => c.hidden !== true));
}

async function help(args: readonly string[], io: Io): Promise<ExitCode> {
  const [topic] = args;
  if (topic === undefined) {
    io.stdout(topHelp());
    return ExitCode.Ok;
  }
  const command = find(topic);
  if (command === undefined) throw new UsageError(`no help for unknown command ${JSON.stringify(topic)}`);
  io.stdout((await command.load()).help());
  return ExitCode.Ok;
}

async function dispatch(argv: readonly string[], io: Io): Promise<ExitCode> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    io.stderr(topHelp());
    return ExitCode.Usage;
  }
  if (first === '-h' || first === '--help') return help([], io);
  if (first === 'help') return help(rest, io);
  if (first === '-v' || first === '--version') {
    io.stdout(`${version()}\n`);
    return ExitCode.Ok;
  }
  if (first.startsWith('-')) throw new UsageError(`unknown option ${JSON.stringify(first)}`);
  const command = find(first);
  if (command === undefined) throw new UsageError(`unknown command ${JSON.stringify(first)}`);
  const loaded = await command.load();
  try {
    await startTelemetry(first, (message) => {
      io.stderr(message);
    });
  } catch (error) {
    throw new UsageError(`telemetry: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return await loaded.run(rest, io);
  } finally {
    await stopTelemetry();
  }
}

/** Runs the command line `argv` (without `node` and the script); resolves with the exit code. */
export async function main(argv: readonly string[], io: Io = PROCESS_IO): Promise<ExitCode> {
  try {
    return await dispatch(argv, io);
  } catch (error) {
    if (error instanceof UsageError) {
      const where = error.command === undefined ? 'mcpkit --help' : `mcpkit ${error.command} --help`;
      io.stderr(`mcpkit: ${error.message}\nSee '${where}'.\n`);
      return ExitCode.Usage;
    }
    io.stderr(`mcpkit: ${messageFor(error)}\n`);
    return exitCodeFor(error);
  }
}
