/**
 * A hostile repository for the git server's tests: every configuration key
 * and attribute that makes git run a program, each set to its own script
 * that leaves a marker file (named after the key) when it runs.
 *
 * @module
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { commitAt, git, gitInput, write, type Sandbox } from './fixture.js';

/** Every hook git could run for the commands the server uses (and some it does not). */
const HOOKS = [
  'pre-commit',
  'prepare-commit-msg',
  'commit-msg',
  'post-commit',
  'post-checkout',
  'post-index-change',
  'reference-transaction',
  'pre-auto-gc',
  'post-rewrite',
  'post-merge',
  'fsmonitor-watchman',
];

/** Where the markers land, and which landed. */
export interface Marks {
  readonly dir: string;
  /** The markers left so far (the names of the keys whose program ran). */
  found(): string[];
  /** Removes the markers (after set-up that ran git itself). */
  clear(): void;
}

/** The marker directory of a sandbox (outside the repository). */
export function marks(box: Sandbox): Marks {
  const dir = join(box.outside, 'marks');
  mkdirSync(dir, { recursive: true });
  const found = (): string[] => (existsSync(dir) ? readdirSync(dir) : []);
  return {
    dir,
    found,
    clear: () => {
      for (const name of found()) rmSync(join(dir, name));
    },
  };
}

/**
 * A script that leaves the marker `tag` and, like a filter, copies its input
 * to its output (closed input for everything else, so it never waits).
 */
export function program(box: Sandbox, tag: string): string {
  const path = join(box.outside, 'bin', tag.replace(/[^\w.-]/g, '_'));
  write(path, `#!/bin/sh\ntouch '${join(marks(box).dir, tag)}'\ncat\n`);
  chmodSync(path, 0o755);
  return path;
}

/** Keys whose value is a program, each to its own marker script. */
const PROGRAM_KEYS = [
  'core.fsmonitor',
  'core.pager',
  'pager.status',
  'pager.diff',
  'pager.log',
  'pager.show',
  'pager.branch',
  'core.editor',
  'sequence.editor',
  'core.askPass',
  'core.sshCommand',
  'credential.helper',
  'credential.https://example.com.helper',
  'diff.external',
  'diff.evil.textconv',
  'diff.evil.command',
  'filter.evil.clean',
  'filter.evil.smudge',
  'filter.evilproc.process',
  'filter.a=b.clean',
  'merge.evil.driver',
  'gpg.program',
  'gpg.ssh.program',
  'gpg.x509.program',
  'gpg.ssh.defaultKeyCommand',
  'uploadpack.packObjectsHook',
  'core.alternateRefsCommand',
];

/** Keys that turn on what runs those programs. */
const SWITCHES: readonly (readonly [string, string])[] = [
  ['filter.evil.required', 'true'],
  ['log.showSignature', 'true'],
  ['commit.gpgSign', 'true'],
  ['tag.gpgSign', 'true'],
  ['protocol.allow', 'always'],
  ['protocol.ext.allow', 'always'],
  ['protocol.file.allow', 'always'],
  ['submodule.recurse', 'true'],
  ['status.submoduleSummary', 'true'],
  ['diff.submodule', 'log'],
  ['gc.auto', '1'],
  ['maintenance.auto', 'true'],
  ['color.ui', 'always'],
];

/**
 * Arms `box.repo`: hooks in `.git/hooks` and in a `core.hooksPath`, every
 * program key, attributes that send `*.txt` through the `evil` filter and
 * diff driver, `*.proc` through a long-running filter process, `*.md`
 * through `evil`'s text conversion and `odd.txt` through a driver whose name
 * holds `=`; a tracked `a.txt` and `b.proc`, a remote whose URL is an
 * `ext::` command, and a commit carrying a signature. Returns the commit.
 */
export function arm(box: Sandbox): string {
  const hooks = join(box.outside, 'hooks');
  for (const hook of HOOKS) {
    for (const dir of [hooks, join(box.repo, '.git', 'hooks')]) {
      write(join(dir, hook), `#!/bin/sh\ntouch '${join(marks(box).dir, `hook-${hook}`)}'\n`);
      chmodSync(join(dir, hook), 0o755);
    }
  }
  write(join(box.repo, '.gitattributes'), '*.txt filter=evil diff=evil merge=evil\n*.proc filter=evilproc\n*.md diff=evil\n');
  write(join(box.repo, '.git', 'info', 'attributes'), 'odd.txt filter=a=b\n');
  write(join(box.repo, 'a.txt'), 'alpha\n');
  write(join(box.repo, 'odd.txt'), 'odd\n');
  write(join(box.repo, 'b.proc'), 'beta\n');
  git(box.repo, 'add', '.');
  commitAt(box.repo, 'Filtered files', '2024-03-01T10:00:00Z');
  git(box.repo, 'config', 'core.hooksPath', hooks);
  for (const key of PROGRAM_KEYS) git(box.repo, 'config', key, program(box, key));
  for (const [key, value] of SWITCHES) git(box.repo, 'config', key, value);
  git(box.repo, 'config', 'remote.origin.url', `ext::${program(box, 'remote.origin.url')}`);
  // A commit with a signature header, which `log --show-signature` would hand to gpg.program.
  const tree = git(box.repo, 'rev-parse', 'HEAD^{tree}');
  const parent = git(box.repo, 'rev-parse', 'HEAD');
  const signed = [
    `tree ${tree}`,
    `parent ${parent}`,
    'author Ada Lovelace <ada@example.com> 1709290000 +0000',
    'committer Ada Lovelace <ada@example.com> 1709290000 +0000',
    'gpgsig -----BEGIN PGP SIGNATURE-----',
    ' ',
    ' iQEzBAABCAAdFiEE',
    ' -----END PGP SIGNATURE-----',
    '',
    'Signed',
    '',
  ].join('\n');
  const sha = gitInput(box.repo, signed, 'hash-object', '-t', 'commit', '-w', '--stdin');
  git(box.repo, 'update-ref', 'refs/heads/main', sha);
  marks(box).clear();
  return sha;
}
