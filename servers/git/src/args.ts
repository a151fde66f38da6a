/**
 * The command line of the git server (`mcpkit serve git …`): the official
 * `--repository`/`-r` (repeatable here) and `-v`, plus `--allow-write`.
 *
 * @module
 */
import { parseArgs } from 'node:util';
import type { GitServerOptions } from './options.js';

/** Reads the git server's options; throws on anything unknown. */
export function parseGitArgs(args: readonly string[]): GitServerOptions {
  const { values } = parseArgs({
    args: [...args],
    options: {
      repository: { type: 'string', short: 'r', multiple: true },
      'allow-write': { type: 'boolean' },
      // Accepted for drop-in command lines; the server logs nothing either way.
      verbose: { type: 'boolean', short: 'v', multiple: true },
    },
    strict: true,
  });
  return { repositories: values.repository ?? [], allowWrite: values['allow-write'] ?? false };
}
