/**
 * Writing through a filter the server does not run. With filter programs
 * off, `git add` would stage a file's raw content where the filter would
 * have stored something else (git-crypt's ciphertext, git-lfs's pointer),
 * and `git checkout` would write stored content unconverted. So the writing
 * tools refuse, naming the path and the driver, when a path they would pass
 * through git's conversion has a `filter` attribute naming a driver that has
 * a program; attributes that name no configured driver change nothing in git
 * and are let through.
 *
 * @module
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Repo, RepoCall } from './repo.js';
import { GitFailure } from './run.js';

/** NUL-separated git output as a list. */
function nulList(output: string): string[] {
  const list = output.split('\0');
  if (list.at(-1) === '') list.pop();
  return list;
}

/** Throws if a path's `filter` attribute names one of the repository's filter drivers. */
async function refuseFiltered(repo: Repo, paths: readonly string[], what: string, call: RepoCall = {}): Promise<void> {
  if (paths.length === 0) return;
  const cached = call.indexFile === undefined ? [] : ['--cached'];
  const out = nulList(
    await repo.git(['check-attr', ...cached, '-z', '--stdin', 'filter'], { ...call, input: `${paths.join('\0')}\0` }),
  );
  for (let i = 0; i + 2 < out.length; i += 3) {
    const [path = '', , driver = ''] = out.slice(i, i + 3);
    if (repo.filters.has(driver))
      throw new GitFailure(
        `${what}: '${path}' goes through the filter '${driver}', which this server does not run (a repository's filters are programs); use git yourself for it`,
      );
  }
}

/** Before `git add`: every file the pathspecs match, tracked or not (ignored files are not added). */
export async function refuseFilteredAdd(repo: Repo, pathspecs: readonly string[]): Promise<void> {
  if (repo.filters.size === 0) return;
  const files = nulList(await repo.git(['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...pathspecs]));
  await refuseFiltered(repo, files, 'git_add');
}

/**
 * Before `git checkout`: every path that differs between HEAD and the
 * target, under the attributes of the working tree and of the target (git
 * reads the new ones while it checks out).
 */
export async function refuseFilteredCheckout(repo: Repo, target: string): Promise<void> {
  if (repo.filters.size === 0) return;
  const head = await repo.git(['rev-parse', '--verify', '--quiet', 'HEAD']).then(
    (out) => out.trim(),
    () => '',
  );
  const changed = nulList(
    head === ''
      ? await repo.git(['ls-tree', '-r', '-z', '--name-only', '--full-tree', target])
      : await repo.git(['diff-tree', '-r', '-z', '--name-only', '--no-renames', head, target]),
  );
  await refuseFiltered(repo, changed, 'git_checkout');
  const dir = await mkdtemp(join(tmpdir(), 'mcpkit-git-index-'));
  try {
    const indexFile = join(dir, 'index');
    await repo.git(['read-tree', target], { indexFile });
    await refuseFiltered(repo, changed, 'git_checkout', { indexFile });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
