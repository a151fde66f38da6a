/**
 * Splits git's patch output into one entry per file the way GitPython's
 * `Diff._index_from_patch_format` does: the paths from the `---`/`+++`
 * lines (`None` for /dev/null), else from a rename, else from the
 * `diff --git` line; the body is what follows the header.
 *
 * @module
 */

/** One file of a patch. */
export interface FileDiff {
  /** The old path, or `None` (a new file), as the official prints it. */
  readonly aPath: string;
  /** The new path, or `None` (a deleted file). */
  readonly bPath: string;
  /** The hunks (or "Binary files … differ"), possibly empty. */
  readonly body: string;
}

const HEADER =
  /^(old mode |new mode |similarity index |rename from |rename to |new file mode |deleted file mode |copy from |copy to |index |--- |\+\+\+ )/;

/** Undoes git's C-style quoting of a path (`"a/t\303\251st"`). */
export function unquotePath(path: string): string {
  if (!(path.startsWith('"') && path.endsWith('"') && path.length >= 2)) return path;
  const bytes: number[] = [];
  const inner = path.slice(1, -1);
  const simple: Record<string, number> = { n: 10, t: 9, r: 13, b: 8, f: 12, a: 7, v: 11, '"': 34, '\\': 92 };
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i] ?? '';
    if (c !== '\\') {
      bytes.push(...Buffer.from(c, 'utf8'));
      continue;
    }
    const next = inner[i + 1] ?? '';
    const octal = /^[0-7]{3}/.exec(inner.slice(i + 1, i + 4));
    if (octal !== null) {
      bytes.push(parseInt(octal[0], 8));
      i += 3;
    } else {
      bytes.push(simple[next] ?? next.charCodeAt(0));
      i += 1;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A path from a `---`/`+++` or `diff --git` side: prefix `a/`/`b/` dropped, /dev/null as `None`. */
function sidePath(raw: string, prefixed: boolean): string {
  if (raw === '/dev/null') return 'None';
  const path = unquotePath(raw);
  return prefixed ? path.slice(2) : path;
}

/** The two paths of a `diff --git a/x b/y` line (quoted paths included). */
function fallbackPaths(line: string): [string, string] {
  const rest = line.slice('diff --git '.length);
  const quoted = /^("(?:[^"\\]|\\.)*"|\S+) ("(?:[^"\\]|\\.)*"|\S+)$/.exec(rest);
  if (quoted !== null) return [sidePath(quoted[1] ?? '', true), sidePath(quoted[2] ?? '', true)];
  // Unquoted paths with spaces: split in the middle (both sides name the same file when no rename).
  const half = (rest.length - 1) / 2;
  return [sidePath(rest.slice(0, half), true), sidePath(rest.slice(half + 1), true)];
}

/** Parses a patch into its files. */
export function parsePatch(patch: string): FileDiff[] {
  const files: FileDiff[] = [];
  const chunks = patch.split(/^(?=diff --git )/m).filter((c) => c.startsWith('diff --git '));
  for (const chunk of chunks) {
    const lines = chunk.split('\n');
    const [first = ''] = lines;
    let [aPath, bPath] = fallbackPaths(first);
    let renamedFrom: string | undefined;
    let renamedTo: string | undefined;
    let minus: string | undefined;
    let plus: string | undefined;
    let i = 1;
    for (; i < lines.length; i++) {
      const line = lines[i] ?? '';
      if (!HEADER.test(line)) break;
      if (line.startsWith('rename from ')) renamedFrom = unquotePath(line.slice(12));
      else if (line.startsWith('rename to ')) renamedTo = unquotePath(line.slice(10));
      else if (line.startsWith('--- ')) minus = sidePath(line.slice(4).replace(/\t.*$/, ''), true);
      else if (line.startsWith('+++ ')) plus = sidePath(line.slice(4).replace(/\t.*$/, ''), true);
    }
    aPath = minus ?? renamedFrom ?? aPath;
    bPath = plus ?? renamedTo ?? bPath;
    files.push({ aPath, bPath, body: lines.slice(i).join('\n') });
  }
  return files;
}
