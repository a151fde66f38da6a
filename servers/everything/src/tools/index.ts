/**
 * Every tool of the everything server, registered in the order `tools/list`
 * shows them.
 *
 * @module
 */
import type { McpServer } from 'mcpkit/server';
import type { Clock } from '../clock.js';
import { registerClockTools, registerLogMessages, registerLongRunningOperation } from './activity.js';
import { registerAdd, registerAlwaysFails, registerAnnotatedMessage, registerEcho, registerGetWeather } from './basic.js';
import { registerElicitForm, registerElicitUrl, registerListRoots, registerSampleLlm } from './client.js';
import { registerGetAudio, registerGetEmbeddedResource, registerGetImage, registerGetResourceLinks } from './content.js';

export { elicitationForm, ELICIT_URL } from './client.js';
export { LOG_LEVELS_SENT } from './activity.js';

/** Registers every tool. */
export function registerTools(server: McpServer, clock: Clock): void {
  registerEcho(server);
  registerAdd(server);
  registerGetWeather(server);
  registerLongRunningOperation(server);
  registerSampleLlm(server);
  registerElicitForm(server);
  registerElicitUrl(server);
  registerListRoots(server);
  registerGetImage(server);
  registerGetAudio(server);
  registerGetResourceLinks(server);
  registerGetEmbeddedResource(server);
  registerAnnotatedMessage(server);
  registerAlwaysFails(server);
  registerLogMessages(server);
  registerClockTools(server, clock);
}
