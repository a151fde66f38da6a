/**
 * `edit_file`'s edits: each replaces the first exact occurrence of its old
 * text or, failing that, the first run of lines equal to it once leading and
 * trailing white space is ignored (re-indented to fit). The result is a
 * unified diff in a code fence, the official server's format, so a dry run
 * and a real edit report the same text.
 *
 * @module
 */
import { createTwoFilesPatch } from 'diff';
import { ToolError } from 'mcpkit/server';

/** One replacement. */
export interface Edit {
  readonly oldText: string;
  readonly newText: string;
}

function lf(text: string): string {
  return text.replace(/\r\n/g, '\n');
}

function indentOf(line: string): string {
  return /^\s*/.exec(line)?.[0] ?? '';
}

/** Replaces the first run of lines matching `oldLines` (white space around each ignored), or returns undefined. */
function replaceLoosely(content: string, oldLines: readonly string[], replacement: string): string | undefined {
  const lines = content.split('\n');
  const wanted = oldLines.map((l) => l.trim());
  for (let i = 0; i + oldLines.length <= lines.length; i++) {
    if (!wanted.every((w, j) => w === (lines[i + j] ?? '').trim())) continue;
    const indent = indentOf(lines[i] ?? '');
    const fresh = replacement.split('\n').map((line, j) => {
      if (j === 0) return indent + line.trimStart();
      // Keep each later line's indentation relative to the old text's.
      const oldIndent = indentOf(oldLines[j] ?? '');
      const newIndent = indentOf(line);
      if (oldIndent === '' || newIndent === '') return line;
      return indent + ' '.repeat(Math.max(0, newIndent.length - oldIndent.length)) + line.trimStart();
    });
    lines.splice(i, oldLines.length, ...fresh);
    return lines.join('\n');
  }
  return undefined;
}

/** Applies `edits` in order to `original` (line ends read as `\n`); an edit that matches nothing fails them all. */
export function applyEdits(original: string, edits: readonly Edit[]): { before: string; after: string } {
  const before = lf(original);
  let after = before;
  for (const edit of edits) {
    const oldText = lf(edit.oldText);
    const newText = lf(edit.newText);
    if (after.includes(oldText)) {
      after = after.replace(oldText, () => newText);
      continue;
    }
    const loose = replaceLoosely(after, oldText.split('\n'), newText);
    if (loose === undefined) throw new ToolError(`Could not find exact match for edit:\n${edit.oldText}`);
    after = loose;
  }
  return { before, after };
}

/** The unified diff of an edit, fenced with enough backticks that the diff cannot close the fence. */
export function fencedDiff(path: string, before: string, after: string): string {
  const diff = createTwoFilesPatch(path, path, before, after, 'original', 'modified');
  let fence = '```';
  while (diff.includes(fence)) fence += '`';
  return `${fence}diff\n${diff}${fence}\n\n`;
}

/**
 * The text to write back: a file whose every line ended in `\r\n` keeps
 * them (the official server writes such a file back with `\n` line ends).
 */
export function withOriginalLineEnds(original: string, edited: string): string {
  const crlf = original.includes('\r\n') && !/(^|[^\r])\n/.test(original);
  return crlf ? edited.replace(/\n/g, '\r\n') : edited;
}
