/**
 * `mcpkit list tools|resources|templates|prompts <server>`: every page
 * gathered. A list the server does not offer is empty (with a note).
 *
 * @module
 */
import { LocalError } from 'mcpkit';
import type { McpClient, CallOptions } from 'mcpkit/client';
import { expectPositionals, parseClientArgs } from '../clientArgs.js';
import { withSession } from '../connect.js';
import { ExitCode, UsageError } from '../exitCodes.js';
import type { Io } from '../io.js';
import { renderPrompts, renderResources, renderTemplates, renderTools } from '../output/lists.js';
import { CLIENT_OPTIONS_HELP, EXIT_CODES_HELP } from '../usage.js';
import { printJson, type Command } from './command.js';

/** One kind of list: how to fetch it, its `--json` key, how to show it. */
interface Kind {
  readonly key: 'tools' | 'resources' | 'resourceTemplates' | 'prompts';
  readonly capability: 'tools' | 'resources' | 'prompts';
  readonly fetch: (client: McpClient, options: CallOptions) => Promise<readonly unknown[]>;
  readonly render: (items: never[], width?: number) => string;
}

const KINDS: Readonly<Record<string, Kind>> = {
  tools: { key: 'tools', capability: 'tools', fetch: (c, o) => c.listAllTools(o), render: renderTools },
  resources: { key: 'resources', capability: 'resources', fetch: (c, o) => c.listAllResources(o), render: renderResources },
  templates: {
    key: 'resourceTemplates',
    capability: 'resources',
    fetch: (c, o) => c.listAllResourceTemplates(o),
    render: renderTemplates,
  },
  prompts: { key: 'prompts', capability: 'prompts', fetch: (c, o) => c.listAllPrompts(o), render: renderPrompts },
};
const ALIASES: Readonly<Record<string, string>> = {
  tool: 'tools',
  resource: 'resources',
  template: 'templates',
  'resource-templates': 'templates',
  prompt: 'prompts',
};

function help(): string {
  return `Usage:
  mcpkit list <tools|resources|templates|prompts> <server> [options]

Lists what the server offers, every page gathered: tools and prompts as
signatures (optional arguments marked ?) with their description; resources
and resource templates as columns. With --json, prints the result object of
tools/list, resources/list, resources/templates/list or prompts/list
({ "tools": [...] }, ...) with all pages in one array.

A list the server does not offer (its capability is not declared) is empty.

Examples:
  mcpkit list tools -- npx -y @modelcontextprotocol/server-everything
  mcpkit list resources http://localhost:3001/mcp
  mcpkit list prompts --config claude_desktop_config.json --server everything

${CLIENT_OPTIONS_HELP}
${EXIT_CODES_HELP}`;
}

async function run(args: readonly string[], io: Io): Promise<ExitCode> {
  const parsed = parseClientArgs(args, 'list', {}, 1);
  if (parsed.settings === undefined) {
    io.stdout(help());
    return ExitCode.Ok;
  }
  const settings = parsed.settings;
  expectPositionals(parsed.positionals, 1, 1, 'mcpkit list <tools|resources|templates|prompts> <server>', 'list');
  const what = parsed.positionals[0] ?? '';
  const kind = KINDS[ALIASES[what] ?? what];
  if (kind === undefined)
    throw new UsageError(`cannot list ${JSON.stringify(what)}: choose tools, resources, templates or prompts`, 'list');
  return withSession(settings, io, async ({ client, call }) => {
    let items: readonly unknown[] = [];
    if (client.serverCapabilities?.[kind.capability] === undefined) {
      if (!settings.quiet) io.stderr(`mcpkit: the server does not offer ${kind.capability} (capability not declared)\n`);
    } else {
      try {
        items = await kind.fetch(client, call);
      } catch (error) {
        if (!(error instanceof LocalError && error.code === 'NOT_SUPPORTED')) throw error;
      }
    }
    if (settings.json) printJson(io, { [kind.key]: items });
    else io.stdout(kind.render(items as never[], io.columns));
    return ExitCode.Ok;
  });
}

/** `mcpkit list`. */
export const listCommand: Command = {
  help,
  run,
};
