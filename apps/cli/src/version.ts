/**
 * The CLI's version, from its package.json.
 *
 * @module
 */
import { readFileSync } from 'node:fs';

let cached: string | undefined;

/** The CLI's version (read once). */
export function version(): string {
  if (cached === undefined) {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    cached = String(pkg.version);
  }
  return cached;
}
