/**
 * What differs between two JSON values: each difference at its path
 * (`content[0].text`), as changed, added (only in the actual value) or
 * removed (only in the expected one). Object keys compare as sets, arrays
 * by position. Keys named in `ignore` (by default `_meta`: protocol
 * metadata such as request state and cache hints, not the answer itself)
 * are skipped at every depth.
 *
 * @module
 */

/** One difference between the expected and the actual value. */
export interface Difference {
  readonly path: string;
  readonly kind: 'changed' | 'added' | 'removed';
  readonly expected?: unknown;
  readonly actual?: unknown;
}

/** Options of {@link diffJson}. */
export interface DiffOptions {
  /** Object keys never compared, at any depth. Default: `['_meta']`. */
  readonly ignore?: readonly string[];
  /** Stop after this many differences. Default: 100. */
  readonly limit?: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function child(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${String(key)}]`;
  const part = IDENTIFIER.test(key) ? key : JSON.stringify(key);
  return path === '' ? part : IDENTIFIER.test(key) ? `${path}.${part}` : `${path}[${part}]`;
}

/** The differences between `expected` and `actual` (empty when they are equal). */
export function diffJson(expected: unknown, actual: unknown, options: DiffOptions = {}): Difference[] {
  const ignore = new Set(options.ignore ?? ['_meta']);
  const limit = options.limit ?? 100;
  const out: Difference[] = [];
  const walk = (a: unknown, b: unknown, path: string): void => {
    if (out.length >= limit) return;
    if (Array.isArray(a) && Array.isArray(b)) {
      const n = Math.max(a.length, b.length);
      for (let i = 0; i < n; i++) {
        if (i >= b.length) out.push({ path: child(path, i), kind: 'removed', expected: a[i] });
        else if (i >= a.length) out.push({ path: child(path, i), kind: 'added', actual: b[i] });
        else walk(a[i], b[i], child(path, i));
      }
      return;
    }
    if (isRecord(a) && isRecord(b)) {
      for (const key of Object.keys(a)) {
        if (ignore.has(key)) continue;
        if (!(key in b)) out.push({ path: child(path, key), kind: 'removed', expected: a[key] });
        else walk(a[key], b[key], child(path, key));
      }
      for (const key of Object.keys(b)) {
        if (!ignore.has(key) && !(key in a)) out.push({ path: child(path, key), kind: 'added', actual: b[key] });
      }
      return;
    }
    if (!Object.is(a, b) && !(a === 0 && b === 0)) out.push({ path, kind: 'changed', expected: a, actual: b });
  };
  walk(expected, actual, '');
  return out.slice(0, limit);
}

/** One difference as a line of text, for the terminal. */
export function formatDifference(d: Difference): string {
  const where = d.path === '' ? '(the whole value)' : d.path;
  const show = (v: unknown): string => {
    const text = JSON.stringify(v);
    return text.length > 200 ? `${text.slice(0, 200)}…` : text;
  };
  switch (d.kind) {
    case 'changed':
      return `${where}: expected ${show(d.expected)}, got ${show(d.actual)}`;
    case 'added':
      return `${where}: not recorded, got ${show(d.actual)}`;
    case 'removed':
      return `${where}: recorded ${show(d.expected)}, now missing`;
  }
}
