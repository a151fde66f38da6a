/**
 * The CLI's version, from its package.json.
 *
 * @module
 */
import { readFileSync } from 'node:fs';

/** The CLI's package name: its package.json is the first one up from this module with it. */
const NAME = 'mcpkit-cli';

let cached: string | undefined;

/**
 * The CLI's version (read once). The package.json is looked for upwards: this
 * module runs from `dist/` (tsc's output) or from `dist/bundle/` (the bundle).
 */
export function version(): string {
  if (cached === undefined) {
    for (let up = '../'; up.length <= 12; up += '../') {
      let pkg: { name?: unknown; version?: unknown };
      try {
        pkg = JSON.parse(readFileSync(new URL(`${up}package.json`, import.meta.url), 'utf8')) as typeof pkg;
      } catch {
        continue; // none at this level
      }
      if (pkg.name === NAME) {
        cached = String(pkg.version);
        break;
      }
    }
    if (cached === undefined) throw new Error(`the package.json of ${NAME} is missing`);
  }
  return cached;
}
