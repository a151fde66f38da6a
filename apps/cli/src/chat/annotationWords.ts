/**
 * A tool's annotations in words, for the approval question and `/tools`:
 * what the server claims (read-only, may delete, reaches outside systems…),
 * said as a claim, since nothing checks it. Every string is made printable.
 *
 * @module
 */
import type { ToolAnnotations } from 'mcpkit/protocol';

/** The server's hints as short phrases; empty when it gives none. */
export function annotationWords(annotations: ToolAnnotations | undefined): string[] {
  if (annotations === undefined) return [];
  const words: string[] = [];
  if (annotations.readOnlyHint === true) words.push('only reads');
  else {
    if (annotations.readOnlyHint === false) words.push('may change things');
    if (annotations.destructiveHint === true) words.push('may delete or overwrite');
    if (annotations.destructiveHint === false) words.push('only adds, never deletes');
    if (annotations.idempotentHint === true) words.push('safe to repeat');
  }
  if (annotations.openWorldHint === true) words.push('reaches outside systems');
  if (annotations.openWorldHint === false) words.push('stays within its own data');
  return words;
}

/** The hints as one clause (`the server says it only reads, reaches outside systems`), or '' when there are none. */
export function annotationClause(annotations: ToolAnnotations | undefined): string {
  const words = annotationWords(annotations);
  return words.length === 0 ? '' : `the server says it ${words.join(', ')} (unchecked)`;
}
