/**
 * `mcpkit replay FILE [server]`: replays a session recorded in the inspector
 * against the recorded server or another one, and exits 1 when any call's
 * outcome differs from the recording (for CI). The recorded server is
 * started (or connected to) only after the user confirmed it at a terminal.
 * The inspector is loaded only here.
 *
 * @module
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { cliAuthForAll, parseAuthSettings, type AuthSettings } from '../authSettings.js';
import type { EraPreference } from 'mcpkit/client';
import { CLIENT_OPTIONS, parseClientArgs } from '../clientArgs.js';
import { CliError, ExitCode, UsageError } from '../exitCodes.js';
import { specOf, namesTarget } from '../inspectTarget.js';
import type { Io } from '../io.js';
import { confirmRecordedServer } from '../recordedServer.js';
import { CLIENT_OPTIONS_HELP } from '../usage.js';
import type { Command } from './command.js';

function help(): string {
  return `Usage:
  mcpkit replay <file> [server] [options]

Replays a session recorded in the inspector (its Record button): sends each
call again, answers the server's sampling and elicitation requests as they
were answered when recording, and compares every outcome with the recorded
one (protocol metadata, _meta, is not compared). Without --era, replays in
the era recorded.

Without a server, replays against the one the file names, but only after
showing exactly what that runs (command, arguments, environment) or where it
connects, and asking at the terminal: a recording may come from anyone.
Without a terminal (CI), give the server on the command line.

Prints one line per call (same, or DIFF with each difference) and a summary.

Exit codes:
  0    every call had the recorded outcome
  1    some call differs (or another error)
  2    usage error, the file is not a recording, or the recorded server
       was not confirmed (no terminal to ask, or the answer was no)
  5    could not connect to the server

${CLIENT_OPTIONS_HELP.replace(/Server \(exactly one\):/, 'Server (optional; the recorded one, once confirmed, by default):')}
Examples:
  mcpkit replay session.json -- node dist/server.js
  mcpkit replay session.json http://127.0.0.1:3000/mcp
  mcpkit replay session.json       (at a terminal: asks before running the recorded server)
`;
}

async function run(args: readonly string[], io: Io): Promise<ExitCode> {
  let file: string | undefined;
  let target: Parameters<typeof specOf>[0] | undefined;
  let era: string | undefined;
  let auth: AuthSettings;
  if (namesTarget(args)) {
    const parsed = parseClientArgs(args, 'replay', {}, 1);
    if (parsed.settings === undefined) {
      io.stdout(help());
      return ExitCode.Ok;
    }
    if (parsed.positionals.length !== 1) throw new UsageError('give one recording file: mcpkit replay <file> [server]', 'replay');
    file = parsed.positionals[0];
    target = { server: parsed.settings.server, label: parsed.settings.label };
    // Without --era, the era the session was recorded in: the same calls mean the same thing.
    era = parsed.values['era'] === undefined ? undefined : parsed.settings.era;
    auth = parsed.settings.auth;
  } else {
    let parsed: { values: Record<string, unknown>; positionals: string[] };
    try {
      parsed = parseArgs({ args: [...args], options: CLIENT_OPTIONS, allowPositionals: true, strict: true });
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error), 'replay');
    }
    if (parsed.values['help'] === true) {
      io.stdout(help());
      return ExitCode.Ok;
    }
    if (parsed.positionals.length !== 1) throw new UsageError('give one recording file: mcpkit replay <file> [server]', 'replay');
    file = parsed.positionals[0];
    auth = parseAuthSettings(parsed.values as Parameters<typeof parseAuthSettings>[0], 'replay');
  }
  let text: string;
  try {
    text = await readFile(file ?? '', 'utf8');
  } catch (error) {
    throw new UsageError(
      `cannot read ${JSON.stringify(file)}: ${error instanceof Error ? error.message : String(error)}`,
      'replay',
    );
  }
  const inspector = await import('@mcpkit/inspector');
  let recording;
  try {
    recording = inspector.parseRecording(text);
  } catch (error) {
    throw new UsageError(`${file ?? ''} is not a recording: ${error instanceof Error ? error.message : String(error)}`, 'replay');
  }
  if (target === undefined && recording.target !== undefined)
    await confirmRecordedServer(inspector.describeTarget(recording.target), file ?? '', recording.secrets === 'masked', io);
  try {
    const spec = target === undefined ? undefined : specOf(target, (era ?? recording.target?.era ?? 'auto') as EraPreference);
    const report = await inspector.replayHeadless({
      recording,
      target: spec,
      write: (t) => {
        io.stdout(t);
      },
      // An HTTP server that asks for authorization gets it as in every client command.
      auth: await cliAuthForAll(auth, io, false),
    });
    return report.differing === 0 ? ExitCode.Ok : ExitCode.Error;
  } catch (error) {
    if (error instanceof inspector.ReplayConnectError) throw new CliError(ExitCode.Connection, error.message, { cause: error });
    throw error;
  }
}

/** `mcpkit replay`. */
export const replayCommand: Command = {
  help,
  run,
};
