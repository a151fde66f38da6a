/**
 * Submodules are other repositories, with configuration of their own that
 * the server has not read: git must never be made to run a git inside one.
 * `git add` checks each submodule it meets for a dirty working tree by
 * running `git status` in it (and no option or setting of the superproject
 * turns that off), so the submodules are kept out of its pathspecs.
 *
 * @module
 */
import { relative, resolve } from 'node:path';
import type { Repo } from './repo.js';
import { GitFailure } from './run.js';

/** The paths of the index's submodules (gitlinks, mode 160000). */
async function gitlinks(repo: Repo): Promise<string[]> {
  const entries = (await repo.git(['ls-files', '-z', '--stage'])).split('\0');
  return entries.filter((entry) => entry.startsWith('160000 ')).map((entry) => entry.slice(entry.indexOf('\t') + 1));
}

/**
 * The pathspecs for `git add` of `files`: each as given, then every submodule
 * excluded. Naming a submodule itself is refused, since it could only be
 * staged by looking into it.
 */
export async function addPathspecs(repo: Repo, files: readonly string[]): Promise<string[]> {
  const links = await gitlinks(repo);
  for (const file of files) {
    const path = relative(repo.root, resolve(repo.root, file));
    if (links.includes(path))
      throw new GitFailure(`git_add: '${file}' is a submodule, another repository, which this server does not stage`);
  }
  return [...files, ...links.map((link) => `:(exclude,literal)${link}`)];
}
