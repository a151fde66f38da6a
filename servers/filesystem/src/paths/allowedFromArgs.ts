/**
 * The allowed directories as the command line names them, resolved once at
 * start-up.
 *
 * @module
 */
import { realpath, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { LocalError } from 'mcpkit/jsonrpc';
import type { AllowedSet } from './allowedSet.js';
import { expandHome } from './spelling.js';

/**
 * Resolves the directories given on the command line. Each must exist and be
 * a directory (the official server warns and skips one that does not; so do
 * we, on `warn`); none left is an error.
 */
export async function allowedFromArgs(dirs: readonly string[], warn: (line: string) => void): Promise<AllowedSet> {
  const spellings: string[] = [];
  const real: string[] = [];
  const aliases = new Map<string, string>();
  for (const dir of dirs) {
    const absolute = resolve(expandHome(dir));
    let resolved: string;
    try {
      resolved = await realpath(absolute);
      if (!(await stat(resolved)).isDirectory()) {
        warn(`Warning: ${absolute} is not a directory, skipping`);
        continue;
      }
    } catch {
      warn(`Warning: Cannot access directory ${absolute}, skipping`);
      continue;
    }
    if (!spellings.includes(absolute)) spellings.push(absolute);
    if (!spellings.includes(resolved)) spellings.push(resolved);
    if (!real.includes(resolved)) real.push(resolved);
    if (absolute !== resolved) aliases.set(absolute, resolved);
  }
  if (real.length === 0) {
    throw new LocalError(
      'INVALID_ARGUMENT',
      dirs.length === 0
        ? 'the filesystem server needs at least one directory to serve (mcpkit serve filesystem DIR…)'
        : 'none of the directories given exists: nothing to serve',
    );
  }
  return { spellings, real, aliases };
}
