/**
 * The oldest git the server can keep from running programs: 2.31 reads
 * command-scope configuration from `GIT_CONFIG_COUNT` (an older git would
 * silently ignore every override) and knows `rev-parse --path-format`.
 *
 * @module
 */
import { GitFailure, runGit, type GitRunOptions } from './run.js';

const MINIMUM = [2, 31] as const;

/** One check per git executable, for the life of the process. */
const checked = new Map<string, Promise<void>>();

async function check(options: GitRunOptions): Promise<void> {
  const text = (await runGit(['version'], { cwd: '/' }, options)).trim();
  const match = /^git version (\d+)\.(\d+)/.exec(text);
  const [major, minor] = match === null ? [0, 0] : [Number(match[1]), Number(match[2])];
  if (major < MINIMUM[0] || (major === MINIMUM[0] && minor < MINIMUM[1]))
    throw new GitFailure(
      `This server needs git ${MINIMUM.join('.')} or later to keep repositories from running programs; found: ${text}`,
    );
}

/** Throws a `GitFailure` if the git in use is older than 2.31 (checked once per executable). */
export function requireGitVersion(options: GitRunOptions): Promise<void> {
  const key = options.git ?? 'git';
  let pending = checked.get(key);
  if (pending === undefined) {
    pending = check(options);
    // A failure (git missing, say) is not remembered: the next call tries again.
    void pending.catch(() => checked.delete(key));
    checked.set(key, pending);
  }
  return pending;
}
