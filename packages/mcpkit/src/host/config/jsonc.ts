/**
 * JSON with comments and trailing commas (JSONC), which VS Code and Cursor
 * write: made plain JSON, strings left alone, and parsed.
 *
 * @module
 */

const CLOSER = /\s*[}\]]/y;

function closesNext(text: string, from: number): boolean {
  CLOSER.lastIndex = from;
  return CLOSER.test(text);
}

/** JSONC made plain JSON: comments become whitespace (line numbers stay), trailing commas go. */
export function stripJsonc(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const start = i;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      out += text.slice(start, i + 1);
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, '');
      i = stop - 1;
    } else if (c === ',' && closesNext(text, i + 1)) {
      // A trailing comma: dropped.
    } else out += c ?? '';
  }
  // A byte-order mark (Windows editors write one) is not JSON.
  return out.startsWith('\uFEFF') ? out.slice(1) : out;
}

/** Parses JSONC; returns the value or the parser's complaint. */
export function parseJsonc(text: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  try {
    return { ok: true, value: JSON.parse(stripJsonc(text)) };
  } catch (error) {
    return { ok: false, problem: error instanceof Error ? error.message : String(error) };
  }
}
