/**
 * The `mcpkit` command line: dispatches to a command and turns what happens
 * into a stable exit code (0 ok, 1 error, 2 usage).
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { ExitCode, UsageError } from './exitCodes.js';
import { PROCESS_IO, type Io } from './io.js';
import { runConformanceClient } from './conformance/conformanceClient.js';
import { serve } from './serve.js';
import { mainHelp, serveHelp } from './usage.js';

export { ExitCode, UsageError } from './exitCodes.js';
export type { Io } from './io.js';

const COMMANDS: Readonly<Record<string, { run: (args: readonly string[], io: Io) => Promise<ExitCode>; help: () => string }>> = {
  serve: { run: serve, help: serveHelp },
  'conformance-client': { run: runConformanceClient, help: () => 'Usage: MCP_CONFORMANCE_SCENARIO=... mcpkit conformance-client <url>\n' },
};

/** The CLI's version (from its package.json). */
export function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return String(pkg.version);
}

function help(args: readonly string[], io: Io): ExitCode {
  const [topic] = args;
  if (topic === undefined) {
    io.stdout(mainHelp());
    return ExitCode.Ok;
  }
  const command = COMMANDS[topic];
  if (command === undefined) throw new UsageError(`no help for unknown command ${JSON.stringify(topic)}`);
  io.stdout(command.help());
  return ExitCode.Ok;
}

async function dispatch(argv: readonly string[], io: Io): Promise<ExitCode> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    io.stderr(mainHelp());
    return ExitCode.Usage;
  }
  if (first === '-h' || first === '--help') return help([], io);
  if (first === 'help') return help(rest, io);
  if (first === '-v' || first === '--version') {
    io.stdout(`${version()}\n`);
    return ExitCode.Ok;
  }
  if (first.startsWith('-')) throw new UsageError(`unknown option ${JSON.stringify(first)}`);
  const command = COMMANDS[first];
  if (command === undefined) throw new UsageError(`unknown command ${JSON.stringify(first)}`);
  return command.run(rest, io);
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
    io.stderr(`mcpkit: ${error instanceof Error ? error.message : String(error)}\n`);
    return ExitCode.Error;
  }
}
