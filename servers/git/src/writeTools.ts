/**
 * The tools that change a repository (add, commit, reset, create a branch,
 * check one out), offered only with `--allow-write`.
 *
 * @module
 */
import { addPathspecs } from './submodules.js';
import { refuseFilteredAdd, refuseFilteredCheckout } from './filtered.js';
import { checkPaths, checkRefArgument, revParse, type Repo } from './repo.js';
import { GitFailure } from './run.js';
import { SCHEMAS } from './schemas.js';
import type { GitTool } from './tool.js';

const str = (args: Record<string, unknown>, key: string): string => String(args[key]);

/**
 * Commits the index as GitPython's `index.commit` does: a commit of the
 * index's tree on top of HEAD, whether or not anything changed, with no
 * hooks; HEAD's branch moves only if nobody moved it meanwhile.
 */
async function commit(repo: Repo, args: Record<string, unknown>): Promise<string> {
  const tree = (await repo.git(['write-tree'])).trim();
  const parent = await repo.git(['rev-parse', '--verify', '--quiet', 'HEAD']).then(
    (out) => out.trim(),
    () => '',
  );
  const parents = parent === '' ? [] : ['-p', parent];
  const sha = (await repo.git(['commit-tree', tree, ...parents, '-F', '-'], { input: str(args, 'message') })).trim();
  const subject = str(args, 'message').split('\n')[0] ?? '';
  await repo.git(['update-ref', '-m', `commit: ${subject}`, 'HEAD', sha, parent]);
  return `Changes committed successfully with hash ${sha}`;
}

async function add(repo: Repo, args: Record<string, unknown>): Promise<string> {
  const files = (args['files'] as unknown[]).map(String);
  if (!(files.length === 1 && files[0] === '.')) await checkPaths(repo, files);
  await refuseFilteredAdd(repo, files);
  await repo.git(['add', '--', ...(await addPathspecs(repo, files))]);
  return 'Files staged successfully';
}

/** The branch HEAD is on, or GitPython's error for a detached HEAD. */
async function activeBranch(repo: Repo): Promise<string> {
  try {
    return (await repo.git(['symbolic-ref', '--short', '-q', 'HEAD'])).trim();
  } catch {
    const sha = (await repo.git(['rev-parse', 'HEAD'])).trim();
    throw new GitFailure(`HEAD is a detached symbolic reference as it points to '${sha}'`);
  }
}

async function createBranch(repo: Repo, args: Record<string, unknown>): Promise<string> {
  const name = checkRefArgument(str(args, 'branch_name'), 'branch name');
  const base = typeof args['base_branch'] === 'string' && args['base_branch'] !== '' ? args['base_branch'] : undefined;
  if (base !== undefined) checkRefArgument(base, 'base branch');
  const baseName = base ?? (await activeBranch(repo));
  const target = await revParse(repo, `${baseName}^{commit}`, 'base branch').catch(() => {
    throw new GitFailure(`No item found with id ${baseName}`);
  });
  const existing = await repo.git(['rev-parse', '--verify', '--quiet', `refs/heads/${name}`]).then(
    (out) => out.trim(),
    () => '',
  );
  if (existing !== '' && existing !== target) {
    throw new GitFailure(
      `Reference at 'refs/heads/${name}' does already exist, pointing to '${existing}', requested was '${target}'`,
    );
  }
  if (existing === '') await repo.git(['branch', '--no-track', '--', name, target]);
  return `Created branch '${name}' from '${baseName}'`;
}

async function checkout(repo: Repo, args: Record<string, unknown>): Promise<string> {
  const name = str(args, 'branch_name');
  const target = await revParse(repo, name, 'branch name');
  await refuseFilteredCheckout(repo, target);
  // Checked not to start with '-'; the trailing `--` makes git read it as a branch or commit, never a path.
  // Quiet: the report of local changes after switching runs `git status` in each submodule.
  await repo.git(['checkout', '-q', name, '--']);
  return `Switched to branch '${name}'`;
}

/** The writing tools, with the official annotations. */
export const WRITE_TOOLS: readonly GitTool[] = [
  {
    name: 'git_commit',
    description: 'Records changes to the repository',
    input: SCHEMAS.GitCommit,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    run: commit,
  },
  {
    name: 'git_add',
    description: 'Adds file contents to the staging area',
    input: SCHEMAS.GitAdd,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    run: add,
  },
  {
    name: 'git_reset',
    description: 'Unstages all staged changes',
    input: SCHEMAS.GitReset,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    run: async (repo) => {
      await repo.git(['reset', '-q']);
      return 'All staged changes reset';
    },
  },
  {
    name: 'git_create_branch',
    description: 'Creates a new branch from an optional base branch',
    input: SCHEMAS.GitCreateBranch,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    run: createBranch,
  },
  {
    name: 'git_checkout',
    description: 'Switches branches',
    input: SCHEMAS.GitCheckout,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    run: checkout,
  },
];
