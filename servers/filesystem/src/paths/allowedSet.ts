/**
 * The directories a request may reach, and the pure checks on them. The
 * operator names them on the command line; a client's roots may narrow them
 * (the intersection) but never widen them.
 *
 * @module
 */
import { sep } from 'node:path';

/** A set of allowed directories, in the three forms the checks need. */
export interface AllowedSet {
  /** How a request may spell them: each as given (absolute, normalized) and as resolved. Checked lexically. */
  readonly spellings: readonly string[];
  /** Their real paths (symbolic links resolved): where a resolved path must end up. */
  readonly real: readonly string[];
  /** Spellings that differ from their real path (`/tmp` → `/private/tmp`), so narrowing can keep them. */
  readonly aliases: ReadonlyMap<string, string>;
}

/** True if `path` is `dir` or lies beneath it (a sibling sharing a prefix, `/data-evil` for `/data`, does not). */
export function within(path: string, dir: string): boolean {
  if (path === dir) return true;
  const prefix = dir.endsWith(sep) ? dir : dir + sep;
  return path.startsWith(prefix);
}

/** True if `path` lies within one of `dirs`. */
export function withinAny(path: string, dirs: readonly string[]): boolean {
  return dirs.some((dir) => within(path, dir));
}

/** What a message shows of a set: the list the official server shows. */
export function shown(set: AllowedSet): string {
  return set.spellings.join(', ');
}

/**
 * Narrows `allowed` to the client's roots (real paths of directories): each
 * root inside an allowed directory is kept as it is, each allowed directory
 * inside a root is kept whole, and anything else is dropped. The result may be
 * empty: then nothing is reachable.
 */
export function narrow(allowed: AllowedSet, roots: readonly string[]): AllowedSet {
  const real: string[] = [];
  for (const root of roots) {
    for (const dir of allowed.real) {
      if (within(root, dir)) addUnique(real, root);
      else if (within(dir, root)) addUnique(real, dir);
    }
  }
  const spellings: string[] = [];
  for (const dir of real) {
    addUnique(spellings, dir);
  }
  // A request may still use the operator's spelling of a resolved directory (/tmp for /private/tmp).
  const aliases = new Map<string, string>();
  for (const dir of real) {
    for (const [spelling, base] of allowed.aliases) {
      if (!within(dir, base)) continue;
      const alias = spelling + dir.slice(base.length);
      addUnique(spellings, alias);
      aliases.set(alias, dir);
    }
  }
  return { spellings, real, aliases };
}

function addUnique(list: string[], item: string): void {
  if (!list.includes(item)) list.push(item);
}
