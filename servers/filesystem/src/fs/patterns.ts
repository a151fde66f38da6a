/**
 * Glob patterns, matched the way the official server matches them
 * (minimatch, dot files included), but compiled once per call rather than
 * once per file.
 *
 * @module
 */
import { Minimatch } from 'minimatch';

/** A compiled test of a path relative to the search root. */
export type PathTest = (relative: string) => boolean;

function compile(pattern: string): Minimatch {
  return new Minimatch(pattern, { dot: true });
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
