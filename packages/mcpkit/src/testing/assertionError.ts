/**
 * The failure of an expectation of `mcpkit/testing`. Test runners show it
 * as a failed assertion: vitest and jest print a diff of `actual` and
 * `expected` when `showDiff` is set.
 *
 * @module
 */

/** An expectation that did not hold. */
export class AssertionError extends Error {
  override name = 'AssertionError';
  /** What was found. */
  readonly actual: unknown;
  /** What was expected. */
  readonly expected: unknown;
  /** True when `actual` and `expected` are worth a diff. */
  readonly showDiff: boolean;

  constructor(message: string, details?: { readonly actual: unknown; readonly expected: unknown }) {
    super(message);
    this.actual = details?.actual;
    this.expected = details?.expected;
    this.showDiff = details !== undefined;
  }
}
