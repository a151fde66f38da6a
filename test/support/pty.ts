/**
 * A command run at a pseudo-terminal (`script(1)` of util-linux), for what
 * only happens at a terminal: the line editor's echo, masked secrets,
 * questions asked before anything runs. The test waits for text on the
 * terminal before it types, as a person would: typed earlier, the terminal
 * itself would echo it before the program turned the echo off.
 *
 * @module
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

/** A program at a terminal. */
export interface PtySession {
  /** Everything the terminal showed so far. */
  output(): string;
  /** Resolves once the terminal has shown `pattern` (after `from` characters), with the output; rejects after `timeoutMs`. */
  waitFor(pattern: RegExp | string, options?: { from?: number; timeoutMs?: number }): Promise<string>;
  /** Types `text` (use `\r` for Enter). */
  type(text: string): void;
  /** Resolves with the exit code once the program ended. */
  exited(): Promise<number | null>;
  /** Ends it, if it still runs. */
  kill(): void;
}

const quote = (arg: string): string => `'${arg.replaceAll("'", "'\\''")}'`;

/** Starts `command args...` at a pseudo-terminal. */
export function startPty(
  command: string,
  args: readonly string[],
  options: { readonly cwd: string; readonly env: NodeJS.ProcessEnv },
): PtySession {
  const child: ChildProcessWithoutNullStreams = spawn(
    'script',
    ['-q', '-e', '-c', [command, ...args].map(quote).join(' '), '/dev/null'],
    { cwd: options.cwd, env: { ...options.env, TERM: 'dumb' }, stdio: 'pipe' },
  );
  let shown = '';
  const waiters = new Set<() => void>();
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    shown += chunk;
    for (const w of [...waiters]) w();
  });
  child.stderr.resume();
  const exit = new Promise<number | null>((resolve) => child.once('close', resolve));
  return {
    output: () => shown,
    waitFor: (pattern, { from = 0, timeoutMs = 30_000 } = {}) =>
      new Promise((resolve, reject) => {
        const check = (): void => {
          const tail = shown.slice(from);
          if (typeof pattern === 'string' ? tail.includes(pattern) : pattern.test(tail)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(shown);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the terminal never showed ${String(pattern)}; it showed:\n${shown}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    type: (text) => {
      child.stdin.write(text);
    },
    exited: () => exit,
    kill: () => {
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
