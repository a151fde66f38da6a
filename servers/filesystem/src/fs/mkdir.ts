/**
 * `create_directory`: `mkdir -p` inside the allowed directories. Each missing
 * directory is made through its parent's descriptor and opened without
 * following links before the next one is made in it, so no link swapped in
 * midway can send the rest of the path elsewhere.
 *
 * @module
 */
import { mkdir, stat } from 'node:fs/promises';
import type { AllowedSet } from '../paths/allowedSet.js';
import { errorCode, systemError } from '../paths/errors.js';
import { openChildDir, openDir, type OpenDir } from '../paths/open.js';
import type { Resolved } from '../paths/resolve.js';

/** Makes `resolved` and any missing parents; an existing directory is fine, an existing file is `EEXIST`. */
export async function makeDirectory(resolved: Resolved, allowed: AllowedSet): Promise<void> {
  if (resolved.exists) {
    if (!(await stat(resolved.path)).isDirectory()) throw systemError('EEXIST', 'mkdir', resolved.path);
    return;
  }
  let dir: OpenDir = await openDir(resolved.existing, allowed);
  try {
    for (const name of resolved.missing) {
      await dir.run(async () => {
        try {
          await mkdir(dir.at(name));
        } catch (error) {
          // Made meanwhile by someone else: fine if it is a directory, which opening it checks.
          if (errorCode(error) !== 'EEXIST') throw error;
        }
      });
      const child = await openChildDir(dir, name).catch((error: unknown) => {
        throw errorCode(error) === 'ENOTDIR' ? systemError('EEXIST', 'mkdir', resolved.path) : error;
      });
      await dir.close();
      dir = child;
    }
  } finally {
    await dir.close();
  }
}
