/**
 * Temporary git repositories for the git server's tests, with a fixed
 * identity and fixed dates so results can be compared exactly.
 *
 * @module
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Ada Lovelace',
  GIT_AUTHOR_EMAIL: 'ada@example.com',
  GIT_COMMITTER_NAME: 'Ada Lovelace',
  GIT_COMMITTER_EMAIL: 'ada@example.com',
  GIT_CONFIG_NOSYSTEM: '1',
  LC_ALL: 'C',
};

/** Runs git in `cwd` (test set-up only), returning its trimmed output. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: ENV, encoding: 'utf8' }).trim();
}

/** Runs git in `cwd` with `input` on its standard input (test set-up only), returning its trimmed output. */
export function gitInput(cwd: string, input: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: ENV, encoding: 'utf8', input }).trim();
}

/** Commits everything staged, at a fixed author date. */
export function commitAt(cwd: string, message: string, date: string): string {
  execFileSync('git', ['commit', '-q', '--allow-empty', '-m', message], {
    cwd,
    env: { ...ENV, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
  });
  return git(cwd, 'rev-parse', 'HEAD');
}

/** Writes a file, making its directory. */
export function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** A temporary directory (real path) holding `repo/` and `outside/`, removed by `cleanup`. */
export interface Sandbox {
  readonly dir: string;
  readonly repo: string;
  readonly outside: string;
  /** The commits made by {@link makeSandbox}: the root commit and the second one. */
  readonly first: string;
  readonly second: string;
  cleanup(): void;
}

/**
 * A repository with two commits on `main` (README.md, then src/app.ts added
 * and README.md changed), a branch `feature` at the first commit, an
 * identity in its config, and a sibling directory outside it.
 */
export function makeSandbox(): Sandbox {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'mcpkit-git-')));
  const repo = join(dir, 'repo');
  const outside = join(dir, 'outside');
  mkdirSync(repo);
  mkdirSync(outside);
  write(join(outside, 'secret.txt'), 'secret\n');
  git(repo, 'init', '-q', '-b', 'main');
  git(repo, 'config', 'user.name', 'Ada Lovelace');
  git(repo, 'config', 'user.email', 'ada@example.com');
  write(join(repo, 'README.md'), '# Demo\n');
  git(repo, 'add', '.');
  const first = commitAt(repo, 'Initial commit', '2024-01-15T14:30:25+01:00');
  write(join(repo, 'README.md'), '# Demo\n\nMore.\n');
  write(join(repo, 'src', 'app.ts'), 'export const x = 1;\n');
  git(repo, 'add', '.');
  const second = commitAt(repo, "Add app, the user's way\n\nWith a body.", '2024-02-01T09:00:00-05:00');
  git(repo, 'branch', 'feature', first);
  return {
    dir,
    repo,
    outside,
    first,
    second,
    cleanup: () => {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
