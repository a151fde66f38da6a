/**
 * `mcpkit complete prompt|template <ref> <argument> [value] <server>`: asks
 * the server to complete an argument of a prompt or a resource template.
 *
 * @module
 */
import type { CompleteParams } from 'mcpkit/protocol';
import { splitPair } from '../argTypes.js';
import { expectPositionals, parseClientArgs } from '../clientArgs.js';
import { withSession } from '../connect.js';
import { ExitCode, UsageError } from '../exitCodes.js';
import type { Io } from '../io.js';
import { completionNote, renderCompletion } from '../output/results.js';
import { CLIENT_OPTIONS_HELP, EXIT_CODES_HELP } from '../usage.js';
import { printJson, type Command } from './command.js';

const OPTIONS = {
  context: { type: 'string', multiple: true },
} as const;

const SYNOPSIS = 'mcpkit complete <prompt|template> <name-or-uri-template> <argument> [value] <server>';

function help(): string {
  return `Usage:
  ${SYNOPSIS} [--context key=value ...] [options]

Asks the server for completions (completion/complete) of one argument of a
prompt or of a resource template, given what was typed so far (the value;
empty when left out). Prints the values one per line; a note on stderr says
when the server has more. With --json, prints the CompleteResult.

      --context key=value   An argument already chosen (repeatable): servers
                            narrow their suggestions with it

Examples:
  mcpkit complete prompt completable-prompt department E -- npx -y @modelcontextprotocol/server-everything
  mcpkit complete prompt completable-prompt name "" --context department=Engineering -- npx -y @modelcontextprotocol/server-everything
  mcpkit complete template 'demo://resource/dynamic/text/{resourceId}' resourceId 1 http://localhost:3001/mcp

${CLIENT_OPTIONS_HELP}
${EXIT_CODES_HELP}`;
}

/** The `ref` of the request, from `prompt NAME` or `template URI_TEMPLATE`. */
function reference(kind: string, name: string): CompleteParams['ref'] {
  if (kind === 'prompt') return { type: 'ref/prompt', name };
  if (kind === 'template' || kind === 'resource') return { type: 'ref/resource', uri: name };
  throw new UsageError(`complete takes prompt or template, not ${JSON.stringify(kind)}`, 'complete');
}

async function run(args: readonly string[], io: Io): Promise<ExitCode> {
  const parsed = parseClientArgs(args, 'complete', OPTIONS, 3);
  if (parsed.settings === undefined) {
    io.stdout(help());
    return ExitCode.Ok;
  }
  const settings = parsed.settings;
  expectPositionals(parsed.positionals, 3, 4, SYNOPSIS, 'complete');
  const [kind = '', name = '', argument = '', value = ''] = parsed.positionals;
  const context: Record<string, string> = {};
  for (const text of (parsed.values['context'] as readonly string[] | undefined) ?? []) {
    const pair = splitPair(text, '--context', 'complete');
    context[pair.key] = pair.text;
  }
  const params: CompleteParams = {
    ref: reference(kind, name),
    argument: { name: argument, value },
    ...(Object.keys(context).length > 0 && { context: { arguments: context } }),
  };
  return withSession(settings, io, async ({ client, call }) => {
    const result = await client.complete(params, call);
    if (settings.json) printJson(io, result);
    else {
      io.stdout(renderCompletion(result));
      const note = completionNote(result);
      if (note !== undefined && !settings.quiet) io.stderr(`mcpkit: ${note}\n`);
    }
    return ExitCode.Ok;
  });
}

/** `mcpkit complete`. */
export const completeCommand: Command = {
  help,
  run,
};
