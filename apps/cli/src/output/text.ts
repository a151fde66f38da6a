/**
 * Small text helpers for human output: sizes, one-line summaries, columns.
 *
 * @module
 */

/** A byte count as people read it: `512 B`, `1.5 KiB`, `3.2 MiB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${String(bytes)} B`;
  const units = ['KiB', 'MiB', 'GiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit] ?? ''}`;
}

/** How many bytes a base64 string decodes to. */
export function base64Bytes(data: string): number {
  const clean = data.replace(/\s/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

/** The first line of `text`, cut to `width` characters (with an ellipsis) when a width is known. */
export function oneLine(text: string | undefined, width?: number): string {
  const line = (text ?? '').trim().split('\n')[0] ?? '';
  if (width === undefined || line.length <= width) return line;
  return width <= 1 ? '…' : `${line.slice(0, width - 1)}…`;
}

/** Rows as aligned columns (the last column is not padded), with an optional header row. */
export function columns(rows: readonly (readonly string[])[], header?: readonly string[], width?: number): string {
  const all = header === undefined ? rows : [header, ...rows];
  if (all.length === 0) return '';
  const count = Math.max(...all.map((r) => r.length));
  const widths = Array.from({ length: count - 1 }, (_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  const used = widths.reduce((sum, w) => sum + w + 2, 0);
  return all
    .map((row) => {
      const cells = row.map((cell, i) =>
        i < count - 1 ? cell.padEnd(widths[i] ?? 0) : oneLine(cell, width === undefined ? undefined : Math.max(10, width - used)),
      );
      return `${cells.join('  ').trimEnd()}\n`;
    })
    .join('');
}

/** Text that ends with exactly one newline (none added to empty text). */
export function withNewline(text: string): string {
  return text === '' || text.endsWith('\n') ? text : `${text}\n`;
}
