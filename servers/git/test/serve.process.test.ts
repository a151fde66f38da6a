// `mcpkit serve git` as a real process against hostile repositories: what a
// user runs. Every tool on an armed repository leaves no marker; the user's
// identity reaches git_commit from the environment or from the user's own
// ~/.gitconfig, whose program keys still do not run; and variables that
// would change which repository, objects or configuration git reads are not
// inherited from the server's environment.
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { McpClient } from 'mcpkit/client';
import { StdioClientTransport } from 'mcpkit/stdio';
import { CLI_ENTRY } from '../../../test/support/harness.js';
import { assertCliBuilt } from '../../../test/support/process.js';
import { onlyText } from '../../../test/support/serverPair.js';
import { commitAt, git, makeSandbox, write, type Sandbox } from './fixture.js';
import { arm, marks, program } from './hostile.js';

let box: Sandbox;
let home: string;
let client: McpClient | undefined;
beforeAll(() => {
  assertCliBuilt();
});
beforeEach(() => {
  box = makeSandbox();
  home = realpathSync(mkdtempSync(join(tmpdir(), 'mcpkit-git-home-')));
});
afterEach(async () => {
  await client?.close();
  client = undefined;
  box.cleanup();
  rmSync(home, { recursive: true, force: true });
});

/** `mcpkit serve git -r REPO --allow-write` on stdio, with HOME set to a fresh directory and `env` on top. */
async function serve(env: Record<string, string> = {}): Promise<void> {
  client = new McpClient({ name: 'git-process-test', version: '1.0.0', era: '2025-11-25' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [CLI_ENTRY, 'serve', 'git', '-r', box.repo, '--allow-write'],
      env: { HOME: home, ...env },
    }),
  );
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

/** Removes the identity the sandbox put in the repository's own configuration. */
function forgetIdentity(): void {
  git(box.repo, 'config', '--unset', 'user.name');
  git(box.repo, 'config', '--unset', 'user.email');
}

describe('mcpkit serve git against hostile repositories (process)', () => {
  it('runs no program of an armed repository with any tool', async () => {
    arm(box);
    write(join(box.repo, 'a.txt'), 'ALPHA\n');
    write(join(box.repo, 'src', 'app.ts'), 'export const x = 2;\n');
    await serve();
    expect(await ok('git_status')).toContain('modified:   a.txt');
    expect(await ok('git_diff_unstaged')).toContain('+ALPHA');
    await ok('git_diff_staged');
    await ok('git_diff', { target: 'feature' });
    await ok('git_log');
    await ok('git_show', { revision: 'HEAD~1' });
    await ok('git_branch', { branch_type: 'local' });
    await ok('git_add', { files: ['src/app.ts'] });
    expect(await ok('git_commit', { message: 'Change' })).toMatch(/^Changes committed successfully/);
    await ok('git_create_branch', { branch_name: 'next' });
    await ok('git_checkout', { branch_name: 'next' });
    await ok('git_reset');
    const add = await call('git_add', { files: ['a.txt'] });
    expect(add).toMatchObject({ isError: true, text: expect.stringContaining("goes through the filter 'evil'") as unknown });
    expect(marks(box).found()).toEqual([]);
  });

  it("says git's error when there is no identity anywhere", async () => {
    forgetIdentity();
    await serve();
    const result = await call('git_commit', { message: 'Nobody' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('Author identity unknown');
  });

  it('commits with the identity of the environment alone', async () => {
    forgetIdentity();
    await serve({
      GIT_AUTHOR_NAME: 'Env Author',
      GIT_AUTHOR_EMAIL: 'author@example.com',
      GIT_COMMITTER_NAME: 'Env Committer',
      GIT_COMMITTER_EMAIL: 'committer@example.com',
      GIT_AUTHOR_DATE: '2024-05-01T12:00:00Z',
    });
    expect(await ok('git_commit', { message: 'From env' })).toMatch(/^Changes committed successfully/);
    expect(git(box.repo, 'log', '-1', '--format=%an <%ae>|%cn <%ce>|%aI')).toBe(
      'Env Author <author@example.com>|Env Committer <committer@example.com>|2024-05-01T12:00:00+00:00',
    );
  });

  it("commits with the identity of the user's ~/.gitconfig, whose programs still do not run", async () => {
    forgetIdentity();
    writeFileSync(
      join(home, '.gitconfig'),
      `[user]\n\tname = Home User\n\temail = home@example.com\n[filter "mine"]\n\tclean = ${program(box, 'global-clean')}\n[core]\n\thooksPath = ${join(box.outside, 'hooks')}\n`,
    );
    write(join(box.outside, 'hooks', 'reference-transaction'), `#!/bin/sh\ntouch '${join(marks(box).dir, 'global-hook')}'\n`);
    chmodSync(join(box.outside, 'hooks', 'reference-transaction'), 0o755);
    write(join(box.repo, '.gitattributes'), '*.md filter=mine\n');
    write(join(box.repo, 'README.md'), '# DEMO\n\nMore.\n');
    await serve();
    expect(await ok('git_status')).toContain('modified:   README.md');
    expect(await call('git_add', { files: ['README.md'] })).toMatchObject({ isError: true });
    expect(await ok('git_commit', { message: 'From home' })).toMatch(/^Changes committed successfully/);
    expect(git(box.repo, 'log', '-1', '--format=%an <%ae>')).toBe('Home User <home@example.com>');
    expect(marks(box).found()).toEqual([]);
  });

  it('inherits nothing that changes which repository, objects or configuration git reads', async () => {
    const foreign = join(box.outside, 'foreign');
    mkdirSync(foreign);
    git(foreign, 'init', '-q', '-b', 'main');
    write(join(foreign, 'secret.txt'), 'the secret\n');
    git(foreign, 'add', '.');
    const secret = commitAt(foreign, 'Secret', '2024-01-01T00:00:00Z');
    await serve({
      GIT_DIR: join(foreign, '.git'),
      GIT_WORK_TREE: foreign,
      GIT_INDEX_FILE: join(foreign, '.git', 'index'),
      GIT_OBJECT_DIRECTORY: join(foreign, '.git', 'objects'),
      GIT_ALTERNATE_OBJECT_DIRECTORIES: join(foreign, '.git', 'objects'),
      GIT_CONFIG_PARAMETERS: `'core.fsmonitor'='${program(box, 'env-fsmonitor')}'`,
      GIT_CONFIG_GLOBAL: join(box.outside, 'nothing'),
      GIT_EXTERNAL_DIFF: program(box, 'env-external-diff'),
      GIT_PAGER: program(box, 'env-pager'),
    });
    expect(await call('git_show', { revision: secret })).toEqual({
      isError: true,
      text: `Ref '${secret}' did not resolve to an object`,
    });
    expect(await ok('git_status')).toContain('On branch main');
    await ok('git_diff', { target: 'feature' });
    expect(marks(box).found()).toEqual([]);
  });
});
