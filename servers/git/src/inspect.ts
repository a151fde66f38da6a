/**
 * What a repository's own files may not do: keep its git directory or its
 * objects outside the allowed repositories, or pull configuration from other
 * files. Run on every call before any tool touches the repository; it reads
 * the configuration (which runs nothing) to learn the drivers to turn off.
 *
 * @module
 */
import { readFile, realpath } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { filterDrivers, MAX_OVERRIDES, namedOverrides, type ConfigOverride } from './lockdown.js';
import { GitFailure } from './run.js';

/** Runs git in the repository being inspected (fixed overrides only). */
type Git = (args: readonly string[]) => Promise<string>;

/** What the rest of the server needs from the inspection. */
export interface Inspection {
  /** Overrides for the drivers, helpers and protocols the configuration names. */
  readonly config: readonly ConfigOverride[];
  /** The filter drivers that have a program (which the server does not run). */
  readonly filters: ReadonlySet<string>;
}

/** Whether `path` is one of `allowed` or inside one (the same test as the repository's). */
type Within = (path: string) => boolean;

async function realOr(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch {
    return path;
  }
}

/** Git follows chains of alternates this deep; so do we. */
const ALTERNATE_DEPTH = 5;

/**
 * Refuses alternates (`objects/info/alternates`, recursively) outside the
 * allowed repositories: through them `git_show` would read another
 * repository's objects. Quoted entries (C-style, for odd names) are refused
 * rather than unquoted here.
 */
async function checkAlternates(objects: string, within: Within, repoPath: string, depth = 0): Promise<void> {
  let text: string;
  try {
    text = await readFile(join(objects, 'info', 'alternates'), 'utf8');
  } catch {
    return;
  }
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('"'))
      throw new GitFailure(`Repository '${repoPath}' has a quoted alternate object directory, which this server does not read`);
    const target = await realOr(isAbsolute(line) ? line : resolve(objects, line));
    if (!within(target))
      throw new GitFailure(
        `Repository '${repoPath}' borrows objects from '${target}' (objects/info/alternates), outside the allowed repositories`,
      );
    if (depth + 1 < ALTERNATE_DEPTH) await checkAlternates(target, within, repoPath, depth + 1);
  }
}

/** `git config --list -z` entries as [key, value] (a key alone is a boolean true). */
function entries(output: string, scoped: boolean): [scope: string, key: string, value: string][] {
  const fields = output.split('\0');
  if (fields.at(-1) === '') fields.pop();
  const out: [string, string, string][] = [];
  for (let i = 0; i < fields.length; i += scoped ? 2 : 1) {
    const scope = scoped ? (fields[i] ?? '') : '';
    const entry = fields[scoped ? i + 1 : i] ?? '';
    const newline = entry.indexOf('\n');
    out.push(newline < 0 ? [scope, entry, 'true'] : [scope, entry.slice(0, newline), entry.slice(newline + 1)]);
  }
  return out;
}

/**
 * Refuses `include.path` and `includeIf.*.path` in the repository's own
 * configuration (git cannot be told to skip them, and they would read files
 * from anywhere); the user's own (system, global) configuration may include.
 */
async function checkIncludes(git: Git, repoPath: string): Promise<void> {
  const own = entries(await git(['config', '--list', '--no-includes', '--show-scope', '-z']), true);
  for (const [scope, key] of own) {
    if (scope !== 'local' && scope !== 'worktree') continue;
    if (key.startsWith('include.') || key.startsWith('includeif.'))
      throw new GitFailure(
        `Repository '${repoPath}' includes other configuration files (${key}), which this server does not read`,
      );
  }
}

/**
 * Checks the repository's git directory, common directory and alternates lie
 * inside the allowed repositories and its configuration includes nothing,
 * then reads the configuration for the drivers to turn off.
 */
export async function inspectRepository(
  git: Git,
  dirs: { gitDir: string; commonDir: string },
  within: Within,
  repoPath: string,
): Promise<Inspection> {
  for (const dir of [dirs.gitDir, dirs.commonDir]) {
    const real = await realOr(dir);
    if (!within(real))
      throw new GitFailure(`Repository '${repoPath}' keeps its git directory at '${real}', outside the allowed repositories`);
  }
  await checkAlternates(join(await realOr(dirs.commonDir), 'objects'), within, repoPath);
  await checkIncludes(git, repoPath);
  const all = entries(await git(['config', '--list', '-z']), false).map(([, key, value]) => [key, value] as const);
  // git 2.54 runs hooks defined in configuration (`hook.<name>.command` for an
  // `event`), which core.hooksPath does not turn off and no override is known
  // to disable reliably: a configuration that defines one is refused instead.
  const hook = all.find(([key]) => key.startsWith('hook.'));
  if (hook !== undefined)
    throw new GitFailure(
      `Repository '${repoPath}' is configured with a hook (${hook[0]}), which newer git would run: this server runs none`,
    );
  const config = namedOverrides(all.map(([key]) => key));
  if (config.length > MAX_OVERRIDES)
    throw new GitFailure(
      `Repository '${repoPath}' configures more than ${MAX_OVERRIDES} drivers, which this server does not read`,
    );
  return { config, filters: filterDrivers(all) };
}
