/**
 * `mcpkit replay FILE` without a server: the server is the one the file
 * names, and a file may come from anyone. Nothing it names is started or
 * connected to unless the user, at a terminal, has seen exactly what and
 * said yes; without a terminal the user must give the server on the
 * command line.
 *
 * @module
 */
import { CliError, ExitCode, UsageError } from './exitCodes.js';
import type { Io } from './io.js';

/**
 * Resolves when the user agrees to replay against the recorded server
 * (`lines` say what it runs or reaches); throws a usage error when there is
 * nobody to ask or the user declines.
 */
export async function confirmRecordedServer(lines: readonly string[], file: string, masked: boolean, io: Io): Promise<void> {
  const what = lines.map((l) => `  ${l}\n`).join('');
  const maskedNote = masked ? '  (values shown as *** were masked when the recording was saved, and are passed as ***)\n' : '';
  if (io.ask === undefined)
    throw new UsageError(
      `${file} names the server to replay against, and replay starts nothing a file names without asking:\n${what}` +
        'Give the server on the command line (mcpkit replay FILE -- COMMAND…, or a URL), or run at a terminal to confirm',
      'replay',
    );
  io.stderr(`${file} names the server to replay against. Replaying will:\n${what}${maskedNote}`);
  const answer = await io.ask('Replay against it? [y/N] ');
  if (answer === undefined || !/^\s*y(es)?\s*$/i.test(answer))
    throw new CliError(ExitCode.Usage, 'not replayed: give the server on the command line (mcpkit replay FILE -- COMMAND…)');
}
