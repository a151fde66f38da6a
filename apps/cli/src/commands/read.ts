/**
 * `mcpkit read <uri> <server>`: reads a resource and prints its contents.
 *
 * @module
 */
import { expectPositionals, parseClientArgs } from '../clientArgs.js';
import { withSession } from '../connect.js';
import { ExitCode } from '../exitCodes.js';
import type { Io } from '../io.js';
import { renderReadResult } from '../output/results.js';
import { CLIENT_OPTIONS_HELP, EXIT_CODES_HELP } from '../usage.js';
import { printJson, type Command } from './command.js';

function help(): string {
  return `Usage:
  mcpkit read <uri> <server> [options]

Reads a resource (resources/read) and prints its text; binary contents are
summarized (URI, media type, size). With --json, prints the
ReadResourceResult, binary contents base64-encoded as the server sent them.
An unknown resource exits 3.

A URI that is itself an http(s) URL reads fine on its own; to name an HTTP
server after it, give the server with --url.

Examples:
  mcpkit read demo://resource/static/document/architecture.md -- npx -y @modelcontextprotocol/server-everything
  mcpkit read file:///tmp/notes.txt --config mcp.json --server files

${CLIENT_OPTIONS_HELP}
${EXIT_CODES_HELP}`;
}

async function run(args: readonly string[], io: Io): Promise<ExitCode> {
  const parsed = parseClientArgs(args, 'read', {}, 1);
  if (parsed.settings === undefined) {
    io.stdout(help());
    return ExitCode.Ok;
  }
  const settings = parsed.settings;
  expectPositionals(parsed.positionals, 1, 1, 'mcpkit read <uri> <server>', 'read');
  const uri = parsed.positionals[0] ?? '';
  return withSession(settings, io, async ({ client, call }) => {
    const result = await client.readResource({ uri }, call);
    if (settings.json) printJson(io, result);
    else io.stdout(renderReadResult(result));
    return ExitCode.Ok;
  });
}

/** `mcpkit read`. */
export const readCommand: Command = {
  help,
  run,
};
