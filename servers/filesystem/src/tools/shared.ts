/**
 * What every filesystem tool shares: the result shape (text, mirrored as
 * `{ content }` structured content, as the official server returns it), the
 * error boundary, the annotations, and the context a tool needs.
 *
 * @module
 */
import type { CallToolResult, ToolAnnotations } from 'mcpkit/protocol';
import { ToolError, type ServerContext } from 'mcpkit/server';
import { z } from 'zod';
import type { Access } from '../access.js';
import type { AllowedSet } from '../paths/allowedSet.js';
import { messageOf } from '../paths/errors.js';
import { resolvePath, type Resolved } from '../paths/resolve.js';

/** The limits a server enforces. */
export interface Limits {
  /** The largest file read or returned, in bytes. */
  readonly maxFileBytes: number;
  /** The most bytes one call reads, all its files together (`read_multiple_files` above all). */
  readonly maxReadBytes: number;
  /** The most entries one `list_directory` or `list_directory_with_sizes` lists. */
  readonly listMaxEntries: number;
  /** How long one `search_files` may run, in ms. */
  readonly searchTimeoutMs: number;
  /** The most matches one `search_files` returns. */
  readonly maxSearchResults: number;
  /** How deep `directory_tree` goes. */
  readonly treeMaxDepth: number;
  /** The most entries one `directory_tree` lists. */
  readonly treeMaxEntries: number;
}

/** What the tools are registered with. */
export interface ToolEnv {
  readonly access: Access;
  readonly limits: Limits;
}

/** The output schema of every tool whose result is one text. */
export const TEXT_OUTPUT: z.ZodObject<{ content: z.ZodString }> = z.object({
  content: z.string().describe('The same text as the content block'),
});

/** A tool that only reads. */
export const READS: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** A one-text result, mirrored in structured content. */
export function textResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: { content: text } };
}

/**
 * Runs a tool's work. Any failure becomes a tool error carrying its message
 * (as the official server reports them: file-system errors verbatim, so a
 * model can tell "no such file" from "permission denied").
 */
export async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ToolError) throw error;
    throw new ToolError(messageOf(error));
  }
}

/** The allowed set of this call and one path resolved in it. */
export async function resolveIn(
  env: ToolEnv,
  ctx: ServerContext,
  path: string,
): Promise<{ allowed: AllowedSet; target: Resolved }> {
  const allowed = await env.access.allowedFor(ctx);
  return { allowed, target: await resolvePath(path, allowed) };
}

/** The description of a `path` argument. */
export const PATH: z.ZodString = z.string().describe('A path inside an allowed directory (absolute, or relative to one)');
