/**
 * Running git: `execFile` (no shell), a clean environment with the
 * configuration that runs no programs, a time limit and an output limit. A failure throws `GitFailure` whose message has the shape
 * of GitPython's `GitCommandError` (what the official server shows).
 *
 * @module
 */
import { execFile } from 'node:child_process';
import { FIXED_OVERRIDES, type ConfigOverride } from './lockdown.js';

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
 * Variables git may read from us; everything else (GIT_DIR, GIT_WORK_TREE,
 * GIT_INDEX_FILE, GIT_CONFIG_*, GIT_ALTERNATE_OBJECT_DIRECTORIES, GIT_SSH*,
 * GIT_ASKPASS, GIT_PAGER, GIT_EDITOR...) is left out. HOME and
 * XDG_CONFIG_HOME find the user's own configuration; the identity variables
 * are the user's name on commits, and change nothing about which repository
 * or configuration git reads.
 */
const PASSED = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'TMPDIR',
  'SYSTEMROOT',
  'XDG_CONFIG_HOME',
  'GIT_AUTHOR_NAME',
  'GIT_AUTHOR_EMAIL',
  'GIT_AUTHOR_DATE',
  'GIT_COMMITTER_NAME',
  'GIT_COMMITTER_EMAIL',
  'GIT_COMMITTER_DATE',
  'EMAIL',
];

/**
 * The environment of every git command, with the C locale GitPython sets (so
 * texts are git's English ones). The overrides go in `GIT_CONFIG_KEY_n` /
 * `GIT_CONFIG_VALUE_n`, git's command-line scope, which wins over every
 * file: unlike `-c key=value`, a key may hold `=` (a driver's name can), and
 * child gits inherit them.
 */
function gitEnv(call: GitCall): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of PASSED) if (process.env[name] !== undefined) env[name] = process.env[name];
  env['LC_ALL'] = 'C';
  env['LANGUAGE'] = 'C';
  env['GIT_TERMINAL_PROMPT'] = '0';
  env['GIT_OPTIONAL_LOCKS'] = '0';
  env['GIT_NO_REPLACE_OBJECTS'] = '1';
  // Never look for a repository above the one we were given.
  if (call.ceiling !== undefined) env['GIT_CEILING_DIRECTORIES'] = call.ceiling;
  if (call.indexFile !== undefined) env['GIT_INDEX_FILE'] = call.indexFile;
  const overrides = [...FIXED_OVERRIDES, ...(call.config ?? [])];
  overrides.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  env['GIT_CONFIG_COUNT'] = String(overrides.length);
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
  /** Overrides for this repository's named drivers, on top of the fixed ones. */
  readonly config?: readonly ConfigOverride[];
  /** Another index than the repository's (a temporary one the server made). */
  readonly indexFile?: string;
}

/** Runs `git <args>` in `call.cwd`; resolves with stdout, throws `GitFailure` on any failure. */
export function runGit(args: readonly string[], call: GitCall, options: GitRunOptions = {}): Promise<string> {
  const maxBuffer = options.maxOutputBytes ?? 8 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const child = execFile(
      options.git ?? 'git',
      ['--no-pager', '-C', call.cwd, ...args],
      {
        env: gitEnv(call),
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
