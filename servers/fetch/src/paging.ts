/**
 * `start_index`/`max_length` paging with the official texts. Indices count
 * characters as Python does (code points), so a page boundary never splits
 * an emoji and the indices a model was told stay right.
 *
 * @module
 */

/** The official text when nothing is left from `start_index` on. */
export const NO_MORE = '<error>No more content available.</error>';

/** The slice of `content` a call asked for, with the official truncation note when more remains. */
export function page(content: string, startIndex: number, maxLength: number): string {
  // Fast path: without surrogate pairs, UTF-16 indices are code point indices.
  const points = /[\uD800-\uDFFF]/.test(content) ? Array.from(content) : undefined;
  const length = points?.length ?? content.length;
  if (startIndex >= length) return NO_MORE;
  const end = Math.min(length, startIndex + maxLength);
  const slice = points === undefined ? content.slice(startIndex, end) : points.slice(startIndex, end).join('');
  if (slice === '') return NO_MORE;
  const taken = end - startIndex;
  if (taken === maxLength && length - end > 0) {
    return `${slice}\n\n<error>Content truncated. Call the fetch tool with a start_index of ${end} to get more content.</error>`;
  }
  return slice;
}
