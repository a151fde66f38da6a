/**
 * Every command, in the order the main help lists them.
 *
 * @module
 */
import { runConformanceClient } from '../conformance/conformanceClient.js';
import { authServerCommand } from './authServer.js';
import { bridgeCommand } from './bridge.js';
import { callCommand } from './call.js';
import { chatCommand } from './chat.js';
import type { Command } from './command.js';
import { completeCommand } from './complete.js';
import { discoverCommand } from './discover.js';
import { inspectCommand } from './inspect.js';
import { listCommand } from './list.js';
import { authCommand } from './auth.js';
import { loginCommand, logoutCommand } from './login.js';
import { promptCommand } from './prompt.js';
import { readCommand } from './read.js';
import { replayCommand } from './replay.js';
import { serveCommand } from './serve.js';

export type { Command } from './command.js';

/** `mcpkit conformance-client <url>` (hidden): the client the official conformance suite drives. */
const conformanceClientCommand: Command = {
  name: 'conformance-client',
  synopsis: 'conformance-client <url>',
  summary: 'The client the official conformance suite runs',
  hidden: true,
  help: () => `Usage:
  MCP_CONFORMANCE_SCENARIO=<scenario> mcpkit conformance-client <url>

Runs one scenario of the official MCP conformance suite against the mock
server at <url> (the suite sets MCP_CONFORMANCE_SCENARIO,
MCP_CONFORMANCE_PROTOCOL_VERSION and MCP_CONFORMANCE_CONTEXT). See
scripts/conformance.mjs.
`,
  run: (args, io) => runConformanceClient(args, io),
};

/** The commands, by name. */
export const COMMANDS: readonly Command[] = [
  listCommand,
  callCommand,
  readCommand,
  promptCommand,
  completeCommand,
  discoverCommand,
  serveCommand,
  bridgeCommand,
  authServerCommand,
  chatCommand,
  loginCommand,
  logoutCommand,
  authCommand,
  inspectCommand,
  replayCommand,
  conformanceClientCommand,
];
