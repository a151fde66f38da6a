/**
 * The bounds on the globs a caller sends (`search_files`' pattern, the
 * `excludePatterns` of search and tree), checked before anything is compiled.
 * A glob costs time twice: brace expansion can turn a few bytes into
 * thousands of patterns (compiling `{a,b}` sixteen times over blocked the
 * server for a second), and each `*` in one path segment becomes a
 * backtracking regular expression whose cost grows with the name's length to
 * the power of the stars (three stars against a 255-character name took
 * 11 ms a match, four never finished). Extglobs (`+(a|aa)`) backtrack
 * without bound and are not expanded at all: they match literally.
 *
 * @module
 */
import { minimatch } from 'minimatch';
import { ToolError } from 'mcpkit/server';

/** The longest glob accepted, in characters. */
export const MAX_PATTERN_LENGTH = 1024;
/** The most globs one call may send (its pattern and its exclusions together). */
export const MAX_PATTERNS = 64;
/** The most patterns the braces of one call's globs may expand to, in all. */
export const MAX_EXPANSIONS = 100;
/** The most `*` wildcards in one path segment (a `**` segment does not count). */
export const MAX_STARS_PER_SEGMENT = 2;

function refuse(what: string, pattern: string, rule: string): ToolError {
  const shown = pattern.length > 80 ? `${pattern.slice(0, 80)}…` : pattern;
  return new ToolError(`${what} ${JSON.stringify(shown)} is refused: ${rule}. Use a simpler glob, or several calls.`);
}

/** Runs of `*` in one segment, outside escapes (`\*`). */
function starRuns(segment: string): number {
  return segment.replace(/\\./g, '').match(/\*+/g)?.length ?? 0;
}

/**
 * Checks a call's globs against the bounds; throws the tool error that names
 * the bound broken. `what` names the argument (`pattern`, `excludePatterns`).
 */
export function checkPatterns(groups: readonly { readonly what: string; readonly patterns: readonly string[] }[]): void {
  const count = groups.reduce((sum, g) => sum + g.patterns.length, 0);
  if (count > MAX_PATTERNS)
    throw new ToolError(`${count} globs in one call are refused: at most ${MAX_PATTERNS}. Use fewer, broader globs.`);
  let expansions = 0;
  for (const { what, patterns } of groups) {
    for (const pattern of patterns) {
      if (pattern.length > MAX_PATTERN_LENGTH)
        throw refuse(what, pattern, `it is ${pattern.length} characters long, more than ${MAX_PATTERN_LENGTH}`);
      // Expanding one past what is left stops brace-expansion early, at a cost bounded by the limit.
      const left = MAX_EXPANSIONS - expansions;
      const expanded = minimatch.braceExpand(pattern, { braceExpandMax: left + 1 });
      expansions += expanded.length;
      if (expansions > MAX_EXPANSIONS)
        throw refuse(what, pattern, `its braces expand the call's globs to more than ${MAX_EXPANSIONS} patterns`);
      for (const one of expanded)
        for (const segment of one.split('/'))
          if (segment !== '**' && starRuns(segment) > MAX_STARS_PER_SEGMENT)
            throw refuse(what, pattern, `a path segment has more than ${MAX_STARS_PER_SEGMENT} * wildcards`);
    }
  }
}
