/**
 * Glob patterns, matched the way the official server matches them
 * (minimatch, dot files included), but compiled once per call rather than
 * once per file, and bounded (`patternBounds.ts`): the caller checks them
 * first, and extglobs match literally.
 *
 * @module
 */
import { Minimatch } from 'minimatch';
import { MAX_EXPANSIONS } from './patternBounds.js';

/** A compiled test of a path relative to the search root. */
export type PathTest = (relative: string) => boolean;

function compile(pattern: string): Minimatch {
  // The expansion cap is checked before (checkPatterns); this one only keeps a caller who skipped it bounded.
  return new Minimatch(pattern, { dot: true, noext: true, braceExpandMax: MAX_EXPANSIONS });
}

/** True for a path any of `patterns` matches. */
export function anyOf(patterns: readonly string[]): PathTest {
  const compiled = patterns.map(compile);
  if (compiled.length === 0) return () => false;
  return (relative) => compiled.some((m) => m.match(relative));
}

/**
 * `directory_tree`'s exclusions: a pattern with `*` matches the relative
 * path; one without also matches a name at any depth, and everything below
 * a directory of that name.
 */
export function treeExclusions(patterns: readonly string[]): PathTest {
  const compiled = patterns.map((p) =>
    p.includes('*') ? [compile(p)] : [compile(p), compile(`**/${p}`), compile(`**/${p}/**`)],
  );
  if (compiled.length === 0) return () => false;
  return (relative) => compiled.some((group) => group.some((m) => m.match(relative)));
}
