/**
 * `mcpkit discover <server>`: who the server is, which era and revision it
 * speaks, what it offers.
 *
 * @module
 */
import type { McpClient, CallOptions } from 'mcpkit/client';
import { expectPositionals, parseClientArgs } from '../clientArgs.js';
import { withSession } from '../connect.js';
import { ExitCode } from '../exitCodes.js';
import type { Io } from '../io.js';
import { renderDiscovery, type Inventory } from '../output/results.js';
import { CLIENT_OPTIONS_HELP, EXIT_CODES_HELP } from '../usage.js';
import { printJson, type Command } from './command.js';

function help(): string {
  return `Usage:
  mcpkit discover <server> [options]

Connects and shows the server: its name and version, the era and protocol
revision negotiated (stateless: server/discover; handshake: initialize), the
revisions it supports, its capabilities and instructions, and how many
tools, resources, templates and prompts it lists.

With --json, prints the negotiation's result object: the DiscoverResult of a
stateless-era server, or the InitializeResult (protocolVersion, capabilities,
serverInfo, instructions) of a handshake-era one.

Examples:
  mcpkit discover -- npx -y @modelcontextprotocol/server-everything
  mcpkit discover http://localhost:3001/mcp --era handshake

${CLIENT_OPTIONS_HELP}
${EXIT_CODES_HELP}`;
}

/** The result of the negotiation: `server/discover` (stateless era) or what `initialize` returned (handshake era). */
async function negotiationResult(client: McpClient, call: CallOptions): Promise<Record<string, unknown>> {
  if (client.era === 'stateless') return { ...(await client.discover(undefined, call)) };
  return {
    protocolVersion: client.revision,
    capabilities: client.serverCapabilities ?? {},
    serverInfo: client.serverInfo,
    ...(client.instructions !== undefined && { instructions: client.instructions }),
  };
}

/** How many of each list the server has (the lists it offers). */
async function inventory(client: McpClient, call: CallOptions): Promise<Inventory> {
  const caps = client.serverCapabilities ?? {};
  const count = async (fetch: () => Promise<readonly unknown[]>): Promise<number | undefined> =>
    (await fetch().catch(() => undefined))?.length;
  const counts: Record<string, number | undefined> = {};
  if (caps.tools !== undefined) counts['tools'] = await count(() => client.listAllTools(call));
  if (caps.resources !== undefined) {
    counts['resources'] = await count(() => client.listAllResources(call));
    counts['templates'] = await count(() => client.listAllResourceTemplates(call));
  }
  if (caps.prompts !== undefined) counts['prompts'] = await count(() => client.listAllPrompts(call));
  return Object.fromEntries(Object.entries(counts).filter(([, v]) => v !== undefined));
}

async function run(args: readonly string[], io: Io): Promise<ExitCode> {
  const parsed = parseClientArgs(args, 'discover', {}, 0);
  if (parsed.settings === undefined) {
    io.stdout(help());
    return ExitCode.Ok;
  }
  const settings = parsed.settings;
  expectPositionals(parsed.positionals, 0, 0, 'mcpkit discover <server>', 'discover');
  return withSession(settings, io, async ({ client, call }) => {
    const result = await negotiationResult(client, call);
    if (settings.json) {
      printJson(io, result);
      return ExitCode.Ok;
    }
    const supported = Array.isArray(result['supportedVersions'])
      ? (result['supportedVersions'] as string[])
      : [client.revision ?? '?'];
    io.stdout(renderDiscovery(client, supported, await inventory(client, call)));
    return ExitCode.Ok;
  });
}

/** `mcpkit discover`. */
export const discoverCommand: Command = {
  help,
  run,
};
