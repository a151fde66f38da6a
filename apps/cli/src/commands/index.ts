/**
 * Every command, in the order the main help lists them. Each entry loads its
 * command's module only when that command runs or shows its help: a process
 * pays for one command's code (start-up matters most for `mcpkit serve`,
 * which clients spawn).
 *
 * @module
 */
import type { Command, CommandEntry } from './command.js';

export type { Command, CommandEntry } from './command.js';

/** `mcpkit conformance-client <url>` (hidden): the client the official conformance suite drives. */
const conformanceClientCommand: Command = {
  help: () => `Usage:
  MCP_CONFORMANCE_SCENARIO=<scenario> mcpkit conformance-client <url>

Runs one scenario of the official MCP conformance suite against the mock
server at <url> (the suite sets MCP_CONFORMANCE_SCENARIO,
MCP_CONFORMANCE_PROTOCOL_VERSION and MCP_CONFORMANCE_CONTEXT). See
scripts/conformance.mjs.
`,
  run: async (args, io) => (await import('../conformance/conformanceClient.js')).runConformanceClient(args, io),
};

/** The commands, by name. */
export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'list',
    synopsis: 'list <what> <server>',
    summary: 'List the tools, resources, templates or prompts of a server',
    load: async () => (await import('./list.js')).listCommand,
  },
  {
    name: 'call',
    synopsis: 'call <tool> <server>',
    summary: 'Call a tool (--arg key=value, typed by its schema)',
    load: async () => (await import('./call.js')).callCommand,
  },
  {
    name: 'read',
    synopsis: 'read <uri> <server>',
    summary: 'Read a resource',
    load: async () => (await import('./read.js')).readCommand,
  },
  {
    name: 'prompt',
    synopsis: 'prompt <name> <server>',
    summary: 'Get a prompt (--arg key=value)',
    load: async () => (await import('./prompt.js')).promptCommand,
  },
  {
    name: 'complete',
    synopsis: 'complete <ref> <arg> [value] <server>',
    summary: 'Complete an argument of a prompt or resource template',
    load: async () => (await import('./complete.js')).completeCommand,
  },
  {
    name: 'discover',
    synopsis: 'discover <server>',
    summary: 'Show who a server is, its era, revisions and capabilities',
    load: async () => (await import('./discover.js')).discoverCommand,
  },
  {
    name: 'serve',
    synopsis: 'serve <server>',
    summary: 'Serve a bundled MCP server, on stdio or (--http) on HTTP',
    load: async () => (await import('./serve.js')).serveCommand,
  },
  {
    name: 'bridge',
    synopsis: 'bridge <url> | --http <port> -- <cmd>',
    summary: 'Serve a URL on stdio, or a stdio server on HTTP',
    load: async () => (await import('./bridge.js')).bridgeCommand,
  },
  {
    name: 'gateway',
    synopsis: 'gateway --config <file>',
    summary: 'Serve every server of a config as one MCP server (stdio or --http)',
    load: async () => (await import('./gateway.js')).gatewayCommand,
  },
  {
    name: 'auth-server',
    synopsis: 'auth-server [--port <port>]',
    summary: 'Run a development OAuth authorization server (not for production)',
    load: async () => (await import('./authServer.js')).authServerCommand,
  },
  {
    name: 'chat',
    synopsis: 'chat [--config FILE] --model P/M',
    summary: 'Talk to a model that uses the tools of your servers',
    load: async () => (await import('./chat.js')).chatCommand,
  },
  {
    name: 'login',
    synopsis: 'login <url>',
    summary: 'Authorize at a server (OAuth) and keep the tokens',
    load: async () => (await import('./login.js')).loginCommand,
  },
  {
    name: 'logout',
    synopsis: 'logout <url>',
    summary: 'Forget the tokens kept for a server',
    load: async () => (await import('./login.js')).logoutCommand,
  },
  {
    name: 'auth',
    synopsis: 'auth list',
    summary: 'List the servers with kept tokens (never the tokens)',
    load: async () => (await import('./auth.js')).authCommand,
  },
  {
    name: 'inspect',
    synopsis: 'inspect [server]',
    summary: 'Open the inspector, a web UI that shows every message on the wire',
    load: async () => (await import('./inspect.js')).inspectCommand,
  },
  {
    name: 'replay',
    synopsis: 'replay <file> [server]',
    summary: 'Replay a recorded inspector session; exit 1 when anything differs',
    load: async () => (await import('./replay.js')).replayCommand,
  },
  {
    name: 'conformance-client',
    synopsis: 'conformance-client <url>',
    summary: 'The client the official conformance suite runs',
    hidden: true,
    load: () => Promise.resolve(conformanceClientCommand),
  },
];
