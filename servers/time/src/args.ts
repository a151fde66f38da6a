/**
 * The command line of the time server (`mcpkit serve time …`), with the
 * official server's option.
 *
 * @module
 */
import { parseArgs } from 'node:util';
import type { TimeServerOptions } from './options.js';

/** Reads `--local-timezone ZONE`; throws on anything else. */
export function parseTimeArgs(args: readonly string[]): TimeServerOptions {
  const { values } = parseArgs({ args: [...args], options: { 'local-timezone': { type: 'string' } }, strict: true });
  return { localTimezone: values['local-timezone'] };
}
