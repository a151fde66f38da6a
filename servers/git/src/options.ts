/**
 * The options of the git server: what `createGitServer` takes and `parseGitArgs`
 * reads from a command line. A file of their own, so the two need not import
 * each other.
 *
 * @module
 */
import type { GitRunOptions } from './run.js';

/** Options of `createGitServer` (and what the command line's flags set). */
export interface GitServerOptions extends GitRunOptions {
  /**
   * The repositories calls may use (`--repository`, repeatable): each one and
   * the repositories inside it. Without any, the client's roots are used.
   */
  readonly repositories?: readonly string[];
  /** Offer the tools that change a repository (add, commit, reset, create branch, checkout). Default false. */
  readonly allowWrite?: boolean;
}
