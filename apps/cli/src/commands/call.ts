/**
 * `mcpkit call <tool> <server>`: calls a tool with arguments typed by its
 * input schema, prints what it returned, and exits 4 when the tool reported
 * an error.
 *
 * @module
 */
import type { Tool } from 'mcpkit/protocol';
import { parseJsonArgs, toolArguments } from '../argTypes.js';
import { expectPositionals, parseClientArgs } from '../clientArgs.js';
import { withSession } from '../connect.js';
import { CliError, ExitCode } from '../exitCodes.js';
import type { Io } from '../io.js';
import { renderCallResult } from '../output/results.js';
import { CLIENT_OPTIONS_HELP, EXIT_CODES_HELP } from '../usage.js';
import { printJson, type Command } from './command.js';
import { noSuch } from './noSuch.js';

const OPTIONS = {
  arg: { type: 'string', short: 'a', multiple: true },
  'json-args': { type: 'string' },
} as const;

function help(): string {
  return `Usage:
  mcpkit call <tool> <server> [--arg key=value ...] [--json-args '{...}'] [options]

Calls a tool and prints its result: text as it is, images and audio
summarized, resource links and embedded resources named; structured content
as JSON when no text shows it. With --json, prints the CallToolResult.
Progress goes to stderr. A result with isError: true exits 4.

Arguments:
  -a, --arg key=value     One argument, typed by the tool's inputSchema:
                          number, integer and boolean properties take
                          numbers and true/false; object and array properties
                          take JSON; everything else is text. Repeat a key to
                          build an array (--arg tag=a --arg tag=b).
      --arg key:=json     One argument as JSON, whatever its schema says
      --json-args '{...}' All arguments as a JSON object; --arg values go on top
Arguments the schema requires must be given (exit 2 otherwise).

Examples:
  mcpkit call get-sum --arg a=1 --arg b=2 -- npx -y @modelcontextprotocol/server-everything
  mcpkit call echo --arg message=hello http://localhost:3001/mcp
  mcpkit call create_entities --json-args '{"entities":[]}' --config mcp.json --server memory

${CLIENT_OPTIONS_HELP}
${EXIT_CODES_HELP}`;
}

async function run(args: readonly string[], io: Io): Promise<ExitCode> {
  const parsed = parseClientArgs(args, 'call', OPTIONS, 1);
  if (parsed.settings === undefined) {
    io.stdout(help());
    return ExitCode.Ok;
  }
  const settings = parsed.settings;
  expectPositionals(parsed.positionals, 1, 1, 'mcpkit call <tool> <server>', 'call');
  const name = parsed.positionals[0] ?? '';
  const base = parseJsonArgs(parsed.values['json-args'] as string | undefined, 'call');
  const pairs = (parsed.values['arg'] as readonly string[] | undefined) ?? [];
  return withSession(settings, io, async ({ client, call }) => {
    const tools = await client.listAllTools(call);
    const tool: Tool | undefined = tools.find((t) => t.name === name);
    if (tool === undefined)
      throw noSuch(
        'tool',
        name,
        tools.map((t) => t.name),
      );
    const result = await client.callTool({ name, arguments: toolArguments(pairs, tool.inputSchema, base) }, call);
    const { outputIssues, ...plain } = result;
    if (outputIssues !== undefined && !settings.quiet)
      io.stderr(
        `mcpkit: the structured content does not match the tool's outputSchema: ${JSON.stringify(outputIssues).slice(0, 300)}\n`,
      );
    if (settings.json) printJson(io, plain);
    else io.stdout(renderCallResult(plain));
    if (result.isError === true) throw new CliError(ExitCode.ToolError, `tool ${name} returned an error (isError)`);
    return ExitCode.Ok;
  });
}

/** `mcpkit call`. */
export const callCommand: Command = {
  help,
  run,
};
