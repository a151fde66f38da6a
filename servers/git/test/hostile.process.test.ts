// Hostile repositories: a repository's configuration and attributes name
// programs (hooks, filters, text conversion, external diff, pagers, signature
// programs, credential helpers, a remote's transport), and its files point
// elsewhere (alternates, includes, core.worktree, a .git file, commondir). The
// server, through its public API, must run none of those programs with any
// tool, read nothing outside the allowed repositories, and say clearly what it
// refused. Each program leaves a marker file if it runs.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { McpClient } from 'mcpkit/client';
import { connectPair, onlyText } from '../../../test/support/serverPair.js';
import { createGitServer } from '../src/index.js';
import { commitAt, git, makeSandbox, write, type Sandbox } from './fixture.js';
import { arm, marks, program } from './hostile.js';

let box: Sandbox;
let client: McpClient | undefined;
beforeEach(() => {
  box = makeSandbox();
});
afterEach(async () => {
  await client?.close();
  client = undefined;
  box.cleanup();
});

async function connect(repositories: string[] = [box.repo]): Promise<void> {
  client = await connectPair(await createGitServer({ repositories, allowWrite: true }));
}

async function call(name: string, args: Record<string, unknown> = {}): Promise<{ text: string; isError: boolean }> {
  const result = await client!.callTool({ name, arguments: { repo_path: box.repo, ...args } });
  return { text: onlyText(result), isError: result.isError === true };
}

async function ok(name: string, args: Record<string, unknown> = {}): Promise<string> {
  const { text, isError } = await call(name, args);
  expect(isError, `${name} ${JSON.stringify(args)}: ${text}`).toBe(false);
  return text;
}

async function refused(name: string, args: Record<string, unknown> = {}): Promise<string> {
  const { text, isError } = await call(name, args);
  expect(isError, `${name} ${JSON.stringify(args)} should fail: ${text}`).toBe(true);
  return text;
}

/** Git for the test's own checks of an armed repository, with its programs off. */
function quiet(...args: string[]): string {
  return git(box.repo, '-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false', '-c', 'filter.evil.clean=', ...args);
}

/** Changes tracked files without changing their size, so git must read (and clean) them to compare. */
function touchContents(): void {
  write(join(box.repo, 'a.txt'), 'ALPHA\n');
  write(join(box.repo, 'b.proc'), 'BETA\n');
  write(join(box.repo, 'odd.txt'), 'ODD\n');
  write(join(box.repo, 'README.md'), '# DEMO\n\nMore.\n');
}

describe('a repository whose configuration names programs', () => {
  it('is really armed: plain git runs its programs', () => {
    arm(box);
    touchContents();
    const run = (...args: string[]): void => {
      execFileSync('git', args, { cwd: box.repo, stdio: 'ignore', env: { ...process.env, LC_ALL: 'C' } });
    };
    run('status');
    run('diff', 'HEAD');
    run('log', '-1');
    expect(marks(box).found()).toEqual(
      expect.arrayContaining(['filter.evil.clean', 'filter.evilproc.process', 'filter.a=b.clean', 'gpg.program']),
    );
  });

  it('runs none of them with any read tool, and the tools still answer', async () => {
    const signed = arm(box);
    touchContents();
    await connect();
    expect(await ok('git_status')).toContain('modified:   a.txt');
    expect(await ok('git_diff_unstaged')).toContain('+ALPHA');
    expect(await ok('git_diff_staged')).toBe('Staged changes:\n');
    expect(await ok('git_diff', { target: 'feature' })).toContain('+++ b/a.txt');
    expect(await ok('git_log')).toContain(`Commit: '${signed}'`);
    expect(await ok('git_log', { start_timestamp: '2000-01-01' })).toContain(`Commit: ${signed}`);
    expect(await ok('git_show', { revision: 'HEAD~1' })).toContain('--- None\n+++ a.txt\n@@ -0,0 +1 @@\n+alpha');
    expect(await ok('git_show', { revision: 'HEAD~2' })).toContain('--- README.md');
    expect(await ok('git_branch', { branch_type: 'all', contains: 'HEAD~2' })).toBe('* main');
    expect(marks(box).found()).toEqual([]);
  });

  it('runs none of them with any write tool; writes through a filter are refused by name', async () => {
    arm(box);
    await connect();
    write(join(box.repo, 'src', 'app.ts'), 'export const x = 2;\n');
    expect(await ok('git_add', { files: ['src/app.ts'] })).toBe('Files staged successfully');
    expect(await ok('git_reset')).toBe('All staged changes reset');
    expect(await ok('git_add', { files: ['src'] })).toBe('Files staged successfully');
    expect(await ok('git_commit', { message: 'Change app' })).toMatch(/^Changes committed successfully with hash [0-9a-f]{40}$/);
    expect(await ok('git_create_branch', { branch_name: 'topic', base_branch: 'HEAD~1' })).toBe(
      "Created branch 'topic' from 'HEAD~1'",
    );
    expect(await ok('git_checkout', { branch_name: 'topic' })).toBe("Switched to branch 'topic'");
    expect(marks(box).found()).toEqual([]);
    expect(quiet('show', 'HEAD:src/app.ts')).toBe('export const x = 1;');
    write(join(box.repo, 'a.txt'), 'ALPHA\n');
    expect((await refused('git_add', { files: ['.'] })).replace(/'[^']*\.(txt|proc)'/, "'FILE'")).toMatch(
      /^git_add: 'FILE' goes through the filter '(evil|evilproc|a=b)', which this server does not run/,
    );
    expect(await refused('git_add', { files: ['a.txt'] })).toContain("git_add: 'a.txt' goes through the filter 'evil'");
    expect(await refused('git_add', { files: ['*.proc'] })).toContain("'b.proc' goes through the filter 'evilproc'");
    expect(await refused('git_add', { files: ['odd.txt'] })).toContain("'odd.txt' goes through the filter 'a=b'");
    expect(await refused('git_checkout', { branch_name: 'feature' })).toMatch(
      /^git_checkout: '[^']+' goes through the filter '(evil|evilproc|a=b)'/,
    );
    expect(marks(box).found()).toEqual([]);
    expect(quiet('rev-parse', '--abbrev-ref', 'HEAD')).toBe('topic');
    expect(quiet('diff', '--cached', '--name-only')).toBe('');
  });

  it('lets a filter attribute that names no configured driver through, as git does', async () => {
    write(join(box.repo, '.gitattributes'), '*.txt filter=nowhere\n');
    write(join(box.repo, 'n.txt'), 'n\n');
    await connect();
    expect(await ok('git_add', { files: ['.'] })).toBe('Files staged successfully');
    expect(git(box.repo, 'show', ':n.txt')).toBe('n');
  });
});

describe('an old git', () => {
  it('is refused: it would ignore every override', async () => {
    const old = join(box.dir, 'old-git.sh');
    write(old, '#!/bin/sh\ncase "$*" in *" version") echo "git version 2.30.9"; exit 0;; esac\nexec git "$@"\n');
    chmodSync(old, 0o755);
    client = await connectPair(await createGitServer({ repositories: [box.repo], git: old }));
    expect(await refused('git_status')).toBe(
      'This server needs git 2.31 or later to keep repositories from running programs; found: git version 2.30.9',
    );
  });
});

describe('submodules', () => {
  it('never runs a git under a submodule configuration it has not read', async () => {
    const subRepo = join(box.outside, 'sub');
    mkdirSync(subRepo);
    git(subRepo, 'init', '-q', '-b', 'main');
    write(join(subRepo, '.gitattributes'), '* filter=subevil\n');
    write(join(subRepo, 's.txt'), 'sub\n');
    git(subRepo, 'add', '.');
    commitAt(subRepo, 'Sub', '2024-01-01T00:00:00Z');
    git(box.repo, '-c', 'protocol.file.allow=always', 'submodule', '-q', 'add', subRepo, 'sub');
    commitAt(box.repo, 'Add sub', '2024-01-02T00:00:00Z');
    git(box.repo, 'config', '-f', '.git/modules/sub/config', 'filter.subevil.clean', program(box, 'filter.subevil.clean'));
    git(box.repo, 'config', 'submodule.sub.ignore', 'none');
    write(join(box.repo, 'sub', 's.txt'), 'SUB\n');
    await connect();
    expect(await ok('git_status')).toContain('nothing to commit');
    await ok('git_diff_unstaged');
    await ok('git_diff', { target: 'HEAD' });
    write(join(box.repo, 'new.md'), 'new\n');
    expect(await ok('git_add', { files: ['.'] })).toBe('Files staged successfully');
    expect(await refused('git_add', { files: ['sub/'] })).toBe(
      "git_add: 'sub/' is a submodule, another repository, which this server does not stage",
    );
    await ok('git_reset');
    expect(await ok('git_checkout', { branch_name: 'feature' })).toBe("Switched to branch 'feature'");
    expect(await ok('git_checkout', { branch_name: 'main' })).toBe("Switched to branch 'main'");
    // The submodule itself, opened as a repository: its own configuration is read and its filter turned off.
    expect(await ok('git_status', { repo_path: join(box.repo, 'sub') })).toContain('modified:   s.txt');
    await ok('git_diff_unstaged', { repo_path: join(box.repo, 'sub') });
    expect(await refused('git_add', { repo_path: join(box.repo, 'sub'), files: ['s.txt'] })).toContain("filter 'subevil'");
    expect(marks(box).found()).toEqual([]);
  });
});

describe('a partial clone', () => {
  it('does not run its remote to fetch a missing object', async () => {
    const source = join(box.outside, 'source');
    git(box.outside, 'clone', '-q', box.repo, source);
    git(source, 'config', 'uploadpack.allowFilter', 'true');
    const partial = join(box.dir, 'partial');
    git(
      box.dir,
      '-c',
      'protocol.file.allow=always',
      'clone',
      '-q',
      '--no-local',
      '--filter=blob:none',
      '--no-checkout',
      `file://${source}`,
      partial,
    );
    git(partial, 'config', 'remote.origin.url', `ext::${program(box, 'ext-remote')}`);
    git(partial, 'config', 'protocol.ext.allow', 'always');
    git(partial, 'config', 'protocol.allow', 'always');
    await connect([partial]);
    const shown = await call('git_show', { repo_path: partial, revision: 'HEAD' });
    expect(shown.isError).toBe(true);
    expect(shown.text).toContain("transport 'ext' not allowed");
    expect(marks(box).found()).toEqual([]);
  });
});

describe('a repository that points outside', () => {
  /** A second repository, outside the allowed one, with a commit of its own. */
  function foreign(): { repo: string; secret: string } {
    const repo = join(box.outside, 'foreign');
    mkdirSync(repo);
    git(repo, 'init', '-q', '-b', 'main');
    write(join(repo, 'secret.txt'), 'the secret\n');
    git(repo, 'add', '.');
    return { repo, secret: commitAt(repo, 'Secret', '2024-01-01T00:00:00Z') };
  }

  it('refuses alternates outside the allowed repositories, absolute or relative', async () => {
    const { repo, secret } = foreign();
    const alternates = join(box.repo, '.git', 'objects', 'info', 'alternates');
    for (const line of [join(repo, '.git', 'objects'), '../../../outside/foreign/.git/objects']) {
      writeFileSync(alternates, `# borrowed\n${line}\n`);
      await connect();
      const text = await refused('git_show', { revision: secret });
      expect(text).toBe(
        `Repository '${box.repo}' borrows objects from '${join(repo, '.git', 'objects')}' (objects/info/alternates), outside the allowed repositories`,
      );
      expect(text).not.toContain('the secret');
      expect((await refused('git_status')).startsWith(`Repository '${box.repo}' borrows objects`)).toBe(true);
      await client!.close();
    }
    writeFileSync(alternates, `"${join(repo, '.git', 'objects')}"\n`);
    await connect();
    expect(await refused('git_log')).toContain('quoted alternate object directory');
  });

  it('follows alternates inside the allowed repositories', async () => {
    const { repo, secret } = foreign();
    writeFileSync(join(box.repo, '.git', 'objects', 'info', 'alternates'), `${join(repo, '.git', 'objects')}\n`);
    await connect([box.repo, repo]);
    expect(await ok('git_show', { revision: secret })).toContain('+the secret');
  });

  it('refuses a repository whose own configuration includes other files', async () => {
    const included = join(box.outside, 'included.cfg');
    writeFileSync(included, `[core]\n\thooksPath = ${box.outside}\n`);
    git(box.repo, 'config', 'include.path', included);
    await connect();
    expect(await refused('git_status')).toBe(
      `Repository '${box.repo}' includes other configuration files (include.path), which this server does not read`,
    );
    git(box.repo, 'config', '--unset', 'include.path');
    git(box.repo, 'config', `includeIf.gitdir:${box.dir}/.path`, included);
    expect(await refused('git_log')).toContain(`includes other configuration files (includeif.gitdir:${box.dir}/.path)`);
    git(box.repo, 'config', '--unset', `includeIf.gitdir:${box.dir}/.path`);
    // The per-worktree configuration (extensions.worktreeConfig) is the repository's too.
    git(box.repo, 'config', 'extensions.worktreeConfig', 'true');
    writeFileSync(join(box.repo, '.git', 'config.worktree'), `[include]\n\tpath = ${included}\n`);
    expect(await refused('git_branch', { branch_type: 'local' })).toBe(
      `Repository '${box.repo}' includes other configuration files (include.path), which this server does not read`,
    );
  });

  it('refuses a configuration that defines a hook (git 2.54 runs them from config)', async () => {
    git(box.repo, 'config', 'hook.x.event', 'reference-transaction');
    git(box.repo, 'config', 'hook.x.command', program(box, 'config-hook'));
    await connect();
    expect(await refused('git_status')).toBe(
      `Repository '${box.repo}' is configured with a hook (hook.x.event), which newer git would run: this server runs none`,
    );
  });

  it('refuses a working tree (core.worktree) outside', async () => {
    git(box.repo, 'config', 'core.worktree', box.outside);
    await connect();
    expect(await refused('git_status')).toBe(
      `Repository '${box.repo}' has its working tree at '${box.outside}' (core.worktree), outside the allowed repositories`,
    );
  });

  it('refuses a .git file or a commondir that leads outside', async () => {
    const { repo } = foreign();
    const inner = join(box.repo, 'inner');
    mkdirSync(inner);
    writeFileSync(join(inner, '.git'), `gitdir: ${join(repo, '.git')}\n`);
    await connect();
    expect(await refused('git_status', { repo_path: inner })).toBe(
      `Repository '${inner}' keeps its git directory at '${join(repo, '.git')}', outside the allowed repositories`,
    );
    // A git directory of its own whose `commondir` (a linked worktree's) is the foreign repository's.
    const gitDir = join(box.repo, 'linked-git');
    mkdirSync(gitDir);
    writeFileSync(join(gitDir, 'commondir'), `${join(repo, '.git')}\n`);
    writeFileSync(join(gitDir, 'HEAD'), 'ref: refs/heads/main\n');
    writeFileSync(join(gitDir, 'gitdir'), `${join(inner, '.git')}\n`);
    writeFileSync(join(inner, '.git'), `gitdir: ${gitDir}\n`);
    expect(await refused('git_log', { repo_path: inner })).toBe(
      `Repository '${inner}' keeps its git directory at '${join(repo, '.git')}', outside the allowed repositories`,
    );
  });
});
