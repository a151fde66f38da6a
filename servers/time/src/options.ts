/**
 * The options of the time server: what `createTimeServer` takes and `parseTimeArgs`
 * reads from a command line. A file of their own, so the two need not import
 * each other.
 *
 * @module
 */

/** Options of `createTimeServer` (and what the command line's flags set). */
export interface TimeServerOptions {
  /** The zone the tool descriptions call local (default: this machine's, else UTC), as `--local-timezone`. */
  readonly localTimezone?: string | undefined;
  /** The clock, for tests (default `Date.now`). */
  readonly now?: () => number;
}
