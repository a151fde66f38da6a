/**
 * Node's file-system errors, read and retold: their code, and their message
 * with the real path in place of the `/proc/self/fd/N` path an operation
 * went through (the model should see the path it knows).
 *
 * @module
 */

/** The `code` of a Node system error (`ENOENT`, `EACCES`, …), if it has one. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The message of anything thrown. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** `error` with the descriptor path `via` in its message (`via/name` or `'via'`) replaced by `path`. */
export function relabel(error: unknown, via: string, path: string): unknown {
  if (via === path || !(error instanceof Error) || !error.message.includes(via)) return error;
  error.message = error.message
    .split(`${via}/`)
    .join(path === '/' ? '/' : `${path}/`)
    .split(`'${via}'`)
    .join(`'${path}'`);
  return error;
}

const DESCRIPTIONS = {
  ENOENT: 'no such file or directory',
  EISDIR: 'illegal operation on a directory',
  EEXIST: 'file already exists',
  ENOTDIR: 'not a directory',
} as const;

/** A system error worded as Node words them (`ENOENT: no such file or directory, open '/x'`), for outcomes we detect ourselves. */
export function systemError(code: keyof typeof DESCRIPTIONS, syscall: string, path: string): Error {
  const text = DESCRIPTIONS[code];
  return Object.assign(new Error(`${code}: ${text}, ${syscall} '${path}'`), { code, syscall, path });
}
