/**
 * Confinement: which repository a call may touch, and checks of every
 * argument git will see as a ref or a path. Anything that could be read as
 * an option (a leading `-`) is refused before git runs.
 *
 * @module
 */
import { realpath } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { inspectRepository } from './inspect.js';
import { GitFailure, runGit, type GitRunOptions } from './run.js';
import { requireGitVersion } from './version.js';

/** How to run one command in a repository, beyond its arguments. */
export interface RepoCall {
  /** Standard input. */
  readonly input?: string;
  /** A temporary index instead of the repository's. */
  readonly indexFile?: string;
}

/** A repository a call may use: its working tree, resolved. */
export interface Repo {
  /** The real path of the working tree's top level. */
  readonly root: string;
  /** The filter drivers its configuration gives a program, which git is not allowed to run. */
  readonly filters: ReadonlySet<string>;
  /** Runs git in it, never looking above it for another repository, with every program-running key off. */
  git(args: readonly string[], call?: RepoCall): Promise<string>;
}

/** Whether `child` is `parent` or inside it (both real, absolute paths). */
export function isWithin(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

async function real(path: string): Promise<string | undefined> {
  try {
    return await realpath(path);
  } catch {
    return undefined;
  }
}

/** The allowed-repositories message: the official text for one, a list for several. */
function outsideText(repoPath: string, allowed: readonly string[]): string {
  if (allowed.length === 1) return `Repository path '${repoPath}' is outside the allowed repository '${allowed[0] ?? ''}'`;
  return `Repository path '${repoPath}' is outside the allowed repositories ${allowed.map((a) => `'${a}'`).join(', ')}`;
}

/** Most bytes the server reads of a repository's layout and configuration. */
const OWN_READS_BYTES = 8 * 1024 * 1024;

/**
 * Opens `repoPath` if it is one of `allowed` (real paths) or inside one, and
 * is the top level of a git working tree (as GitPython's `Repo(path)`
 * requires; git is not allowed to find a repository further up) whose git
 * directory, objects and configuration stay inside the allowed ones.
 */
export async function openRepo(repoPath: string, allowed: readonly string[], options: GitRunOptions): Promise<Repo> {
  if (repoPath.includes('\0')) throw new GitFailure(`Invalid path: ${repoPath}`);
  const root = await real(resolve(repoPath));
  if (root === undefined) throw new GitFailure(`No such repository path: ${repoPath}`);
  const within = (path: string): boolean => allowed.some((dir) => isWithin(dir, path));
  if (!within(root)) throw new GitFailure(outsideText(repoPath, allowed));
  await requireGitVersion(options);
  const ceiling = dirname(root);
  // The server's own reads (the layout, the configuration) are not held to the
  // limit on a tool's output, which may be set low.
  const own = { ...options, maxOutputBytes: Math.max(options.maxOutputBytes ?? 0, OWN_READS_BYTES) };
  const bare = (args: readonly string[]): Promise<string> => runGit(args, { cwd: root, ceiling }, own);
  let lines: string[];
  try {
    const out = await bare(['rev-parse', '--path-format=absolute', '--show-toplevel', '--git-dir', '--git-common-dir']);
    lines = out.split('\n');
  } catch {
    throw new GitFailure(`Not a git repository: ${repoPath}`);
  }
  const [top = '', gitDir = '', commonDir = ''] = lines;
  const realTop = (await real(top)) ?? top;
  if (realTop !== root) {
    if (!within(realTop))
      throw new GitFailure(
        `Repository '${repoPath}' has its working tree at '${top}' (core.worktree), outside the allowed repositories`,
      );
    throw new GitFailure(`Not the top level of a git repository: ${repoPath} (it is inside ${top})`);
  }
  const { config, filters } = await inspectRepository(bare, { gitDir, commonDir }, within, repoPath);
  const git = (args: readonly string[], call: RepoCall = {}): Promise<string> =>
    runGit(args, { cwd: root, ceiling, config, ...call }, options);
  return { root, filters, git };
}

/**
 * Refuses what git could read as an option or that is not a plain name: a
 * leading `-` (the official's message), NUL and control characters.
 */
export function checkRefArgument(value: string, what: string): string {
  if (value.startsWith('-'))
    throw new GitFailure(`Ref 'Invalid ${what}: '${value}' - cannot start with '-'' did not resolve to an object`);
  // eslint-disable-next-line no-control-regex
  if (value === '' || /[\u0000-\u001f\u007f]/.test(value)) throw new GitFailure(`Ref '${value}' did not resolve to an object`);
  return value;
}

/** Resolves a revision to an object id, as GitPython's `rev_parse` checks it (message `Ref 'x' did not resolve to an object`). */
export async function revParse(repo: Repo, rev: string, what: string): Promise<string> {
  checkRefArgument(rev, what);
  try {
    return (await repo.git(['rev-parse', '--verify', '--quiet', '--end-of-options', rev])).trim();
  } catch {
    throw new GitFailure(`Ref '${rev}' did not resolve to an object`);
  }
}

/**
 * Checks paths for `git add`: each must stay inside the working tree once
 * `..` and symbolic links are resolved (the official's message), and none
 * may look like an option or pathspec magic.
 */
export async function checkPaths(repo: Repo, files: readonly string[]): Promise<void> {
  for (const file of files) {
    if (file.startsWith('-')) throw new GitFailure(`Invalid path: '${file}' - cannot start with '-' (write ./${file})`);
    if (file.startsWith(':')) throw new GitFailure(`Invalid path: '${file}' - pathspec magic is not accepted`);
    if (file === '' || file.includes('\0')) throw new GitFailure(`Invalid path: '${file}'`);
    const target = await resolveExisting(resolve(repo.root, file));
    if (!isWithin(repo.root, target)) throw new GitFailure(`Path '${file}' is outside the repository '${repo.root}'`);
  }
}

/** The real path of `path`: its longest existing prefix resolved (symbolic links followed), the rest appended. */
async function resolveExisting(path: string): Promise<string> {
  const found = await real(path);
  if (found !== undefined) return found;
  const parent = dirname(path);
  if (parent === path) return path;
  return resolve(await resolveExisting(parent), relative(parent, path));
}
