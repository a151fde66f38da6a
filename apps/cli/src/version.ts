/**
 * The CLI's version, from its package.json.
 *
 * @module
 */
import { readFileSync } from 'node:fs';

/**
 * The packages the CLI runs from: `mcpkit` (the bundle in `dist/cli`, as
 * installed) or `mcpkit-cli` (tsc's output in the workspace). Its package.json
 * is the first one up from this module with one of these names.
 */
const NAMES: readonly unknown[] = ['mcpkit', 'mcpkit-cli'];

let cached: string | undefined;

/**
 * The CLI's version (read once). The package.json is looked for upwards: this
 * module runs from `apps/cli/dist/` (tsc's output) or from mcpkit's `dist/cli/` (the bundle).
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
      if (NAMES.includes(pkg.name)) {
        cached = String(pkg.version);
        break;
      }
    }
    if (cached === undefined) throw new Error(`the package.json of ${NAMES.join(' or ')} is missing`);
  }
  return cached;
}
