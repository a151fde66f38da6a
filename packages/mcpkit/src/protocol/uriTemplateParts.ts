/**
 * A parsed URI template, as the expander (`uriTemplate.ts`) and the matcher
 * (`uriTemplateMatch.ts`) both read it: literal pieces and expressions, each
 * expression an operator and its variables. Its own file so that the two
 * depend on it and not on each other.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6570#section-2
 * @internal
 * @module
 */

/** @internal How one operator expands (RFC 6570 Appendix A). */
export interface Operator {
  /** What starts a non-empty expansion (`?` for `{?x}`). */
  readonly first: string;
  /** What separates variables and exploded items. */
  readonly sep: string;
  /** Whether values are written `name=value`. */
  readonly named: boolean;
  /** What follows a name whose value is empty. */
  readonly ifemp: string;
  /** Whether reserved characters and pct-encoded triplets pass through (`+`, `#`). */
  readonly reserved: boolean;
}

/** @internal One variable of an expression: `name`, `name:3` (prefix 3) or `name*` (explode). */
export interface VarSpec {
  readonly name: string;
  /** Maximum length in characters, or 0 for the whole value. */
  readonly prefix: number;
  readonly explode: boolean;
}

/** @internal A parsed template piece; literal text is stored already encoded. */
export type Part =
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: 'expression'; readonly op: Operator; readonly vars: readonly VarSpec[] };
