/**
 * `@mcpkit/server-time`: the current time in any IANA zone and conversion
 * between zones, a drop-in for the official Python `mcp-server-time` (same
 * tools, arguments and texts) that also converts a full local date-time, so
 * a date across a DST change converts right.
 *
 * @module
 */
import { McpServer } from 'mcpkit/server';
import { checkZone, TimeError } from './clock.js';
import { registerTimeTools } from './tools.js';
import type { TimeServerOptions } from './options.js';

export { parseTimeArgs } from './args.js';
export type { TimeServerOptions } from './options.js';
export { convertTime, currentTime, TimeError, type TimeConversionResult, type TimeResult } from './clock.js';

/** The server's name (`serverInfo.name`). */
export const SERVER_NAME = 'mcpkit-time';
/** Its version. */
export const SERVER_VERSION = '0.1.0';

/** This machine's zone, as `Intl` detects it (from `TZ`, then the system's setting); UTC if unknown. */
export function detectLocalZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone as string | undefined;
  if (zone === undefined || zone === '') return 'UTC';
  try {
    return checkZone(zone);
  } catch {
    return 'UTC';
  }
}

/** Creates the time server. Throws `TimeError` if `localTimezone` is not a known zone. */
export function createTimeServer(options: TimeServerOptions = {}): McpServer {
  const localZone = options.localTimezone ?? detectLocalZone();
  try {
    checkZone(localZone);
  } catch (error) {
    throw error instanceof TimeError ? new TimeError(`--local-timezone: ${error.message}`) : error;
  }
  const server = new McpServer({
    name: SERVER_NAME,
    version: SERVER_VERSION,
    title: 'mcpkit time server',
    description: 'Current time in any IANA time zone, and conversion between zones.',
  });
  registerTimeTools(server, localZone, options.now);
  return server;
}
