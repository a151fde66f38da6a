/**
 * Running git: `execFile` (no shell), a clean environment, a time limit and
 * an output limit. A failure throws `GitFailure` whose message has the shape
 * of GitPython's `GitCommandError` (what the official server shows).
 *
 * @module
 */
import { execFile } from 'node:child_process';

/** Limits and the program for every git command. */
export interface GitRunOptions {
  /** The git executable (default `git` from PATH). */
  readonly git?: string;
  /** Per command, ms (default 30 000); the process is killed after it. */
  readonly timeoutMs?: number;
  /** Most bytes of output read from one command (default 8 MiB). */
  readonly maxOutputBytes?: number;
}

/** A tool failure: the message is what the model sees. */
export class GitFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GitFailure';
  }
}

/**
 * Configuration forced on every command: no hooks, no fsmonitor daemon, no
 * external diff or text conversion programs, no pager, no colour. A
 * repository's own configuration must not be able to run programs through a
 * read-only tool.
 */
const SAFE_CONFIG = [
  '-c',
  'core.hooksPath=/dev/null',
  '-c',
  'core.fsmonitor=false',
  '-c',
  'diff.external=',
  '-c',
  'color.ui=false',
  '-c',
  'core.pager=cat',
  '-c',
  'diff.mnemonicPrefix=false',
  '--no-pager',
];

/** Variables git may read from us; everything else (GIT_DIR, GIT_WORK_TREE, GIT_CONFIG_*, ...) is left out. */
const PASSED = ['PATH', 'HOME', 'USER', 'LOGNAME', 'TMPDIR', 'SYSTEMROOT', 'XDG_CONFIG_HOME'];

/** The environment of every git command, with the C locale GitPython sets (so texts are git's English ones). */
function gitEnv(ceiling: string | undefined): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of PASSED) if (process.env[name] !== undefined) env[name] = process.env[name];
  env['LC_ALL'] = 'C';
  env['LANGUAGE'] = 'C';
  env['GIT_TERMINAL_PROMPT'] = '0';
  env['GIT_OPTIONAL_LOCKS'] = '0';
  env['GIT_NO_REPLACE_OBJECTS'] = '1';
  // Never look for a repository above the one we were given.
  if (ceiling !== undefined) env['GIT_CEILING_DIRECTORIES'] = ceiling;
  return env;
}

/** Trims one trailing newline, as GitPython does to git's output. */
export function stripNewline(text: string): string {
  return text.endsWith('\n') ? text.slice(0, -1) : text;
}

/** GitPython's `GitCommandError` text: `Cmd('git') failed due to: exit code(N)`, the command line, stderr. */
export function commandErrorText(args: readonly string[], code: number | string, stderr: string): string {
  const cause = typeof code === 'number' ? `exit code(${code})` : `'${code}'`;
  const err = stripNewline(stderr);
  return `Cmd('git') failed due to: ${cause}\n  cmdline: git ${args.join(' ')}${err === '' ? '' : `\n  stderr: '${err}'`}`;
}

/** Where and how to run one command. */
export interface GitCall {
  /** The working tree to run in (`-C`). */
  readonly cwd: string;
  /** No repository discovery above this directory (default: none given). */
  readonly ceiling?: string;
  /** Standard input, if any. */
  readonly input?: string;
}

/** Runs `git <args>` in `call.cwd`; resolves with stdout, throws `GitFailure` on any failure. */
export function runGit(args: readonly string[], call: GitCall, options: GitRunOptions = {}): Promise<string> {
  const maxBuffer = options.maxOutputBytes ?? 8 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const child = execFile(
      options.git ?? 'git',
      [...SAFE_CONFIG, '-C', call.cwd, ...args],
      {
        env: gitEnv(call.ceiling),
        timeout: options.timeoutMs ?? 30_000,
        killSignal: 'SIGKILL',
        maxBuffer,
        encoding: 'utf8',
        windowsHide: true,
      },
      (error, stdout, stderr) => {
        if (error === null) {
          resolve(stdout);
          return;
        }
        const failure = error as NodeJS.ErrnoException & { code?: number | string; killed?: boolean };
        if (failure.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') {
          reject(new GitFailure(`git ${args[0] ?? ''} produced more than ${maxBuffer} bytes of output; ask for less`));
        } else if (failure.killed === true) {
          reject(new GitFailure(`git ${args[0] ?? ''} took longer than ${options.timeoutMs ?? 30_000} ms and was stopped`));
        } else if (failure.code === 'ENOENT') {
          reject(new GitFailure(`git is not installed (or not on PATH): ${options.git ?? 'git'}`));
        } else {
          reject(new GitFailure(commandErrorText(args, failure.code ?? 'unknown', stderr)));
        }
      },
    );
    if (call.input !== undefined) child.stdin?.end(call.input);
    else child.stdin?.end();
  });
}
