/**
 * `mcpkit prompt <name> <server>`: gets a prompt with its arguments and
 * prints its messages.
 *
 * @module
 */
import { parseJsonArgs, splitPair } from '../argTypes.js';
import { expectPositionals, parseClientArgs } from '../clientArgs.js';
import { withSession } from '../connect.js';
import { ExitCode, UsageError } from '../exitCodes.js';
import type { Io } from '../io.js';
import { renderPromptResult } from '../output/results.js';
import { CLIENT_OPTIONS_HELP, EXIT_CODES_HELP } from '../usage.js';
import { printJson, type Command } from './command.js';
import { noSuch } from './noSuch.js';

const OPTIONS = {
  arg: { type: 'string', short: 'a', multiple: true },
  'json-args': { type: 'string' },
} as const;

function help(): string {
  return `Usage:
  mcpkit prompt <name> <server> [--arg key=value ...] [--json-args '{...}'] [options]

Gets a prompt (prompts/get) and prints its messages, each under its role;
images and audio are summarized. With --json, prints the GetPromptResult.
Prompt arguments are text. Arguments the prompt requires must be given
(exit 2 otherwise); an unknown prompt exits 3.

Examples:
  mcpkit prompt args-prompt --arg city=Paris -- npx -y @modelcontextprotocol/server-everything
  mcpkit prompt summarize --json-args '{"style":"short"}' http://localhost:3001/mcp

${CLIENT_OPTIONS_HELP}
${EXIT_CODES_HELP}`;
}

/** The prompt's arguments: `--json-args` (each value as text) with `--arg` on top. */
function promptArguments(pairs: readonly string[], json: string | undefined): Record<string, string> {
  const args: Record<string, string> = {};
  for (const [key, value] of Object.entries(parseJsonArgs(json, 'prompt')))
    args[key] = typeof value === 'string' ? value : JSON.stringify(value);
  for (const arg of pairs) {
    const pair = splitPair(arg, '--arg', 'prompt');
    args[pair.key] = pair.text;
  }
  return args;
}

async function run(args: readonly string[], io: Io): Promise<ExitCode> {
  const parsed = parseClientArgs(args, 'prompt', OPTIONS, 1);
  if (parsed.settings === undefined) {
    io.stdout(help());
    return ExitCode.Ok;
  }
  const settings = parsed.settings;
  expectPositionals(parsed.positionals, 1, 1, 'mcpkit prompt <name> <server>', 'prompt');
  const name = parsed.positionals[0] ?? '';
  const given = promptArguments(
    (parsed.values['arg'] as readonly string[] | undefined) ?? [],
    parsed.values['json-args'] as string | undefined,
  );
  return withSession(settings, io, async ({ client, call }) => {
    const prompts = await client.listAllPrompts(call);
    const prompt = prompts.find((p) => p.name === name);
    if (prompt === undefined)
      throw noSuch(
        'prompt',
        name,
        prompts.map((p) => p.name),
      );
    const missing = (prompt.arguments ?? [])
      .filter((a) => a.required === true && !Object.hasOwn(given, a.name))
      .map((a) => a.name);
    if (missing.length > 0)
      throw new UsageError(
        `missing required argument${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}; give each with --arg name=value`,
        'prompt',
      );
    const result = await client.getPrompt({ name, arguments: given }, call);
    if (settings.json) printJson(io, result);
    else io.stdout(renderPromptResult(result));
    return ExitCode.Ok;
  });
}

/** `mcpkit prompt`. */
export const promptCommand: Command = {
  help,
  run,
};
