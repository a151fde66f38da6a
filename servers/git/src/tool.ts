/**
 * What a git tool is: its official definition and what it does in a
 * repository the server has already checked.
 *
 * @module
 */
import type { ToolAnnotations } from 'mcpkit/protocol';
import type { Repo } from './repo.js';

/** One tool of the git server. */
export interface GitTool {
  readonly name: string;
  readonly description: string;
  /** The official (pydantic) input schema. */
  readonly input: Readonly<Record<string, unknown>>;
  readonly annotations: ToolAnnotations;
  /** Does the work; the text is the whole result. Throws `GitFailure` with the message for the model. */
  readonly run: (repo: Repo, args: Record<string, unknown>) => Promise<string>;
}
