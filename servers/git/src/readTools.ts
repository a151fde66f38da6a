/**
 * The read-only tools (status, diffs, log, show, branch), with the official
 * names, schemas, annotations and result texts.
 *
 * @module
 */
import { parsePatch } from './diffTree.js';
import { actorRepr, pyDateTime, pyRepr } from './python.js';
import { checkRefArgument, revParse, type Repo } from './repo.js';
import { GitFailure, stripNewline } from './run.js';
import type { GitTool } from './tool.js';
import { SCHEMAS } from './schemas.js';

/** Annotations of every read-only tool (the official's). */
const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/**
 * Options every diff-producing command gets: no external programs, and a
 * submodule compared by its commit only (looking into its working tree runs a
 * git there, under the submodule's own configuration). The flag, unlike
 * `diff.ignoreSubmodules`, wins over a submodule's `ignore` setting.
 */
const DIFF_FLAGS = ['--no-ext-diff', '--no-textconv', '--no-color', '--ignore-submodules=dirty'];

/** `context_lines` as `--unified=N` (GitPython passes it through unchecked; we insist on a count). */
function unified(args: Record<string, unknown>): string {
  const lines = args['context_lines'] ?? 3;
  if (typeof lines !== 'number' || !Number.isInteger(lines) || lines < 0)
    throw new GitFailure('context_lines must be a whole number, 0 or more');
  return `--unified=${lines}`;
}

const str = (args: Record<string, unknown>, key: string): string => String(args[key]);
const optional = (args: Record<string, unknown>, key: string): string | undefined => {
  const value = args[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** One commit of `git_log`/`git_show`, as GitPython reads it. */
function commitHeader(fields: readonly string[], dateText: (iso: string) => string): string {
  const [hash = '', name = '', email = '', date = '', message = ''] = fields;
  return `Commit: ${pyRepr(hash)}\nAuthor: ${actorRepr(name, email)}\nDate: ${dateText(date)}\nMessage: ${pyRepr(message)}\n`;
}

const LOG_FORMAT = ['-z', '--date=iso-strict', '--format=%H%x00%an%x00%ae%x00%ad%x00%B'];

/** Splits `-z` output of a fixed number of NUL-separated fields per record. */
function records(output: string, width: number): string[][] {
  const fields = output.split('\0');
  const out: string[][] = [];
  for (let i = 0; i + width <= fields.length; i += width) out.push(fields.slice(i, i + width));
  return out;
}

async function gitLog(repo: Repo, args: Record<string, unknown>): Promise<string> {
  const maxCount = typeof args['max_count'] === 'number' ? args['max_count'] : 10;
  const since = optional(args, 'start_timestamp');
  const until = optional(args, 'end_timestamp');
  if (since === undefined && until === undefined) {
    const out = await repo.git(['log', `--max-count=${maxCount}`, ...LOG_FORMAT]);
    const log = records(out, 5).map((fields) => commitHeader(fields, pyDateTime));
    return `Commit history:\n${log.join('\n')}`;
  }
  if (since?.startsWith('-') === true) throw new GitFailure(`Invalid start_timestamp: '${since}' - cannot start with '-'`);
  if (until?.startsWith('-') === true) throw new GitFailure(`Invalid end_timestamp: '${until}' - cannot start with '-'`);
  const range = [...(since === undefined ? [] : ['--since', since]), ...(until === undefined ? [] : ['--until', until])];
  const out = await repo.git(['log', ...range, `--max-count=${maxCount}`, '-z', '--format=%H%x00%an%x00%ad%x00%s']);
  const log = records(out, 4).map(
    ([hash, author, date, subject]) => `Commit: ${hash}\nAuthor: ${author}\nDate: ${date}\nMessage: ${subject}\n`,
  );
  return `Commit history:\n${log.join('\n')}`;
}

async function gitShow(repo: Repo, args: Record<string, unknown>): Promise<string> {
  const revision = checkRefArgument(str(args, 'revision'), 'revision');
  const sha = await revParse(repo, `${revision}^{commit}`, 'revision').catch(() => {
    throw new GitFailure(`Ref '${revision}' did not resolve to an object`);
  });
  const [fields = []] = records(await repo.git(['log', '-1', ...LOG_FORMAT, '--end-of-options', sha]), 5);
  const parent = (await repo.git(['log', '-1', '--format=%P', '--end-of-options', sha])).trim().split(' ')[0] ?? '';
  const range = parent === '' ? [sha, '--root'] : [parent, sha];
  const patch = await repo.git(['diff-tree', ...range, '-r', '--abbrev=40', '--full-index', '-M', '-p', ...DIFF_FLAGS]);
  const files = parsePatch(patch).map((f) => `\n--- ${f.aPath}\n+++ ${f.bPath}\n${f.body}`);
  return commitHeader(fields, pyDateTime) + files.join('');
}

const BRANCH_TYPES: Readonly<Record<string, readonly string[]>> = { local: [], remote: ['-r'], all: ['-a'] };

async function gitBranch(repo: Repo, args: Record<string, unknown>): Promise<string> {
  const contains = optional(args, 'contains');
  const notContains = optional(args, 'not_contains');
  if (contains !== undefined) checkRefArgument(contains, 'contains value');
  if (notContains !== undefined) checkRefArgument(notContains, 'not_contains value');
  const branchType = str(args, 'branch_type');
  const type = BRANCH_TYPES[branchType];
  if (type === undefined) return `Invalid branch type: ${branchType}`;
  const filters = [
    ...(contains === undefined ? [] : ['--contains', contains]),
    ...(notContains === undefined ? [] : ['--no-contains', notContains]),
  ];
  return stripNewline(await repo.git(['branch', ...type, ...filters]));
}

/** The read-only tools. */
export const READ_TOOLS: readonly GitTool[] = [
  {
    name: 'git_status',
    description: 'Shows the working tree status',
    input: SCHEMAS.GitStatus,
    annotations: READ,
    run: async (repo) => `Repository status:\n${stripNewline(await repo.git(['status', '--ignore-submodules=dirty']))}`,
  },
  {
    name: 'git_diff_unstaged',
    description: 'Shows changes in the working directory that are not yet staged',
    input: SCHEMAS.GitDiffUnstaged,
    annotations: READ,
    run: async (repo, args) => `Unstaged changes:\n${stripNewline(await repo.git(['diff', unified(args), ...DIFF_FLAGS]))}`,
  },
  {
    name: 'git_diff_staged',
    description: 'Shows changes that are staged for commit',
    input: SCHEMAS.GitDiffStaged,
    annotations: READ,
    run: async (repo, args) =>
      `Staged changes:\n${stripNewline(await repo.git(['diff', unified(args), '--cached', ...DIFF_FLAGS]))}`,
  },
  {
    name: 'git_diff',
    description: 'Shows differences between branches or commits',
    input: SCHEMAS.GitDiff,
    annotations: READ,
    run: async (repo, args) => {
      const target = str(args, 'target');
      await revParse(repo, target, 'target');
      const diff = await repo.git(['diff', unified(args), ...DIFF_FLAGS, '--end-of-options', target, '--']);
      return `Diff with ${target}:\n${stripNewline(diff)}`;
    },
  },
  { name: 'git_log', description: 'Shows the commit logs', input: SCHEMAS.GitLog, annotations: READ, run: gitLog },
  { name: 'git_show', description: 'Shows the contents of a commit', input: SCHEMAS.GitShow, annotations: READ, run: gitShow },
  { name: 'git_branch', description: 'List Git branches', input: SCHEMAS.GitBranch, annotations: READ, run: gitBranch },
];
