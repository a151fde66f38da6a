/**
 * Matching a URI against a parsed URI template: the inverse of expansion.
 *
 * The matcher makes one left-to-right pass and never backtracks, so a hostile
 * URI costs time linear in its length (times the template's size); URIs longer
 * than {@link MAX_MATCH_LENGTH} are refused outright. The rules:
 *
 * - Literals must appear exactly (in their encoded form). The template's last
 *   literal is matched against the end of the URI.
 * - A variable never spans `/`, `?` or `#` unless its operator allows it
 *   (`{+x}` and `{#x}` span anything; `{/x*}` spans `/`; query values span
 *   everything but `#`). Values are pct-decoded; a malformed escape is no match.
 * - Consecutive `{?…}`/`{&…}` expressions form one query section whose
 *   parameters may come in any order, may be missing (the variable is then
 *   absent), and may be accompanied by unknown parameters (ignored). A
 *   non-exploded parameter given twice takes its first value.
 * - Every other variable must be present: a URI that omits one (say `{/a,b}`
 *   against `/x`) does not match. Exploded variables may be empty lists.
 * - Ambiguity (`{a}.{b}`, `{+dir}/{name}`) resolves deterministically: each
 *   variable ends at the last occurrence of the text that follows it, leaving
 *   room for as many more occurrences as the rest of the template spells out.
 *   Exploded associative arrays come back as `name=value` strings.
 *
 * @module
 */
import type { Part } from './uriTemplate.js';
/** The longest URI (in UTF-16 code units) that {@link Matcher} considers; longer URIs never match. */
export declare const MAX_MATCH_LENGTH = 65536;
/** Matched variables: decoded strings, or lists for exploded variables. */
export type MatchedValues = Record<string, string | string[]>;
/** @internal Matches a URI against one compiled template. */
export type Matcher = (uri: string) => MatchedValues | undefined;
/** @internal Compiles parsed template parts into a matcher. */
export declare function compileMatcher(parts: readonly Part[]): Matcher;
//# sourceMappingURL=uriTemplateMatch.d.ts.map