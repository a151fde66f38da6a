/**
 * `@mcpkit/server-everything`: the reference server. It exercises every MCP
 * feature mcpkit serves (tools of every kind, static, binary, templated and
 * subscribable resources, prompts, completion, sampling, elicitation, roots,
 * logging, progress and cancellation) on every protocol revision. It reads
 * nothing from its environment and returns nothing but what it is given.
 *
 * @module
 */
import { McpServer, type ServerOptions } from 'mcpkit/server';
import { registerApps } from './apps/index.js';
import { Clock, CLOCK_URI } from './clock.js';
import { ICON } from './media/index.js';
import { registerPrompts } from './prompts.js';
import { registerResources } from './resources.js';
import { registerTools } from './tools/index.js';

export { SERVER_TIME_APP_URI } from './apps/index.js';
export { SERVER_TIME_HTML } from './apps/serverTimeHtml.js';
export { CLOCK_URI } from './clock.js';
export { CITIES, findItem, ITEM_COUNT, ITEM_IDS, itemUri, STYLES, weatherOf, type Item, type Weather } from './data.js';
export { ICON, TINY_PNG, TINY_PNG_BASE64, TINY_WAV, TINY_WAV_BASE64 } from './media/index.js';
export { argsPromptText, SIMPLE_PROMPT_TEXT } from './prompts.js';
export { HELLO_TEXT, IMAGE_URI, ITEM_TEMPLATE, itemText, TEXT_URI, TONE_URI } from './resources.js';
export { ELICIT_URL, elicitationForm, LOG_LEVELS_SENT } from './tools/index.js';

/** The server's name (`serverInfo.name`). */
export const SERVER_NAME = 'mcpkit-everything';
/** Its version. */
export const SERVER_VERSION = '0.1.0';

/** Options of {@link createEverythingServer}: the server options worth tuning. */
export type EverythingOptions = Pick<
  ServerOptions,
  'revisions' | 'pageSize' | 'secret' | 'requestStateTtlMs' | 'defaultLogLevel' | 'middleware'
>;

/** Creates the everything server. Each call makes an independent server (its own clock). */
export function createEverythingServer(options: EverythingOptions = {}): McpServer {
  const server = new McpServer({
    name: SERVER_NAME,
    version: SERVER_VERSION,
    title: 'mcpkit everything server',
    description: 'Exercises every MCP feature: a reference for clients and a fixture for tests.',
    icons: [ICON],
    instructions:
      'A demonstration server. Every tool, resource and prompt shows one MCP feature; none has effects outside this server. ' +
      'Try echo, add, get_weather, show_server_time (an MCP App), long_running_operation, sample_llm, elicit_form and list_roots.',
    ...options,
  });
  const clock = new Clock(() => {
    server.notifyResourceUpdated(CLOCK_URI);
  });
  registerTools(server, clock);
  registerResources(server, clock);
  registerApps(server);
  registerPrompts(server);
  return server;
}
