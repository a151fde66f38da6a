// The git server's injection and confinement battery: every argument that
// git reads as a ref or a path, given as an option (including refs that
// really exist under such names), paths that leave the working tree in
// every way, repositories outside the allowed ones, and the limits.
import { chmodSync, existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { McpClient } from 'mcpkit/client';
import { connectPair, onlyText } from '../../../test/support/serverPair.js';
import { createGitServer, type GitServerOptions } from '../src/index.js';
import { git, makeSandbox, write, type Sandbox } from './fixture.js';

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

async function connect(options: GitServerOptions = {}): Promise<void> {
  client = await connectPair(await createGitServer({ repositories: [box.repo], allowWrite: true, ...options }));
}

async function refused(name: string, args: Record<string, unknown>): Promise<string> {
  const result = await client!.callTool({ name, arguments: { repo_path: box.repo, ...args } });
  expect(result.isError, `${name} ${JSON.stringify(args)} should fail`).toBe(true);
  return onlyText(result);
}

/** Files git might have been tricked into writing, anywhere in the sandbox or the working directory. */
function strayFiles(): string[] {
  return [...readdirSync(box.dir), ...readdirSync(box.repo), ...readdirSync(process.cwd())].filter((f) => f.includes('evil'));
}

const OPTIONS = ['--output=evil.txt', '--output=/tmp/evil.txt', '-p', '--help', '-f', '--orphan=evil', '--exec=evil', '-'];

describe('flag injection', () => {
  it('refuses an option wherever a ref is expected, with the official texts', async () => {
    await connect();
    for (const option of OPTIONS) {
      expect(await refused('git_diff', { target: option })).toBe(
        `Ref 'Invalid target: '${option}' - cannot start with '-'' did not resolve to an object`,
      );
      expect(await refused('git_show', { revision: option })).toBe(
        `Ref 'Invalid revision: '${option}' - cannot start with '-'' did not resolve to an object`,
      );
      expect(await refused('git_checkout', { branch_name: option })).toBe(
        `Ref 'Invalid branch name: '${option}' - cannot start with '-'' did not resolve to an object`,
      );
      expect(await refused('git_create_branch', { branch_name: option })).toContain("cannot start with '-'");
      expect(await refused('git_create_branch', { branch_name: 'ok', base_branch: option })).toContain('Invalid base branch');
      expect(await refused('git_branch', { branch_type: 'local', contains: option })).toContain('Invalid contains value');
      expect(await refused('git_branch', { branch_type: 'local', not_contains: option })).toContain('Invalid not_contains value');
      expect(await refused('git_log', { start_timestamp: option })).toBe(
        `Invalid start_timestamp: '${option}' - cannot start with '-'`,
      );
      expect(await refused('git_log', { end_timestamp: option })).toBe(
        `Invalid end_timestamp: '${option}' - cannot start with '-'`,
      );
      expect(await refused('git_add', { files: [option] })).toContain("cannot start with '-'");
    }
    expect(strayFiles()).toEqual([]);
    expect(existsSync('/tmp/evil.txt')).toBe(false);
    expect(git(box.repo, 'branch', '--list')).toBe('feature\n* main');
  });

  it('refuses refs that really exist under an option-like name', async () => {
    for (const name of ['--output=evil.txt', '--orphan=evil', '--format=evil']) {
      writeFileSync(join(box.repo, '.git', 'refs', 'heads', name), `${box.second}\n`);
    }
    await connect();
    await refused('git_diff', { target: '--output=evil.txt' });
    await refused('git_checkout', { branch_name: '--orphan=evil' });
    await refused('git_show', { revision: '--format=evil' });
    expect(strayFiles()).toEqual([]);
    expect(git(box.repo, 'rev-parse', '--abbrev-ref', 'HEAD')).toBe('main');
  });

  it('treats a ref argument as a ref, never a path or anything else', async () => {
    await connect();
    // A file named like the branch: checkout must switch branches, not restore the file.
    write(join(box.repo, 'feature'), 'local edit\n');
    expect(
      onlyText(await client!.callTool({ name: 'git_checkout', arguments: { repo_path: box.repo, branch_name: 'feature' } })),
    ).toBe("Switched to branch 'feature'");
    await refused('git_diff', { target: 'main\0--output=evil' });
    await refused('git_show', { revision: 'HEAD\n--output=evil' });
    await refused('git_diff', { target: 'README.md' });
    expect(strayFiles()).toEqual([]);
  });

  it('keeps an odd commit message a message (stdin, never an argument)', async () => {
    await connect();
    const text = onlyText(
      await client!.callTool({ name: 'git_commit', arguments: { repo_path: box.repo, message: '--amend\n-m x' } }),
    );
    expect(text).toMatch(/^Changes committed successfully with hash /);
    expect(git(box.repo, 'log', '-1', '--format=%B')).toBe('--amend\n-m x');
    expect(git(box.repo, 'rev-list', '--count', 'HEAD')).toBe('3');
  });
});

describe('paths for git_add', () => {
  it('refuses every way out of the working tree, and pathspec magic', async () => {
    symlinkSync(box.outside, join(box.repo, 'link'));
    symlinkSync(join(box.outside, 'secret.txt'), join(box.repo, 'file-link'));
    await connect();
    const outsideText = (p: string): string => `Path '${p}' is outside the repository '${box.repo}'`;
    for (const path of [
      '../outside/secret.txt',
      join(box.outside, 'secret.txt'),
      'src/../../outside/secret.txt',
      'link/secret.txt',
      'link/new-file',
    ]) {
      expect(await refused('git_add', { files: [path] })).toBe(outsideText(path));
    }
    expect(await refused('git_add', { files: ['file-link/x'] })).toBe(outsideText('file-link/x'));
    expect(await refused('git_add', { files: [':(top)../outside'] })).toContain('pathspec magic');
    expect(await refused('git_add', { files: ['ok\0../x'] })).toBe("Invalid path: 'ok\0../x'");
    expect(await refused('git_add', { files: ['README.md', '../outside/secret.txt'] })).toContain('outside the repository');
    expect(git(box.repo, 'diff', '--cached', '--name-only')).toBe('');
  });

  it('stages ./-named files and globs inside the tree', async () => {
    write(join(box.repo, '-rf'), 'odd name\n');
    write(join(box.repo, 'docs', 'a.md'), 'a\n');
    await connect();
    expect(
      onlyText(await client!.callTool({ name: 'git_add', arguments: { repo_path: box.repo, files: ['./-rf', 'docs/*.md'] } })),
    ).toBe('Files staged successfully');
    expect(git(box.repo, 'diff', '--cached', '--name-only').split('\n').sort()).toEqual(['-rf', 'docs/a.md']);
  });
});

describe('confinement to the allowed repositories', () => {
  it('refuses repositories outside, prefix siblings, symbolic links out, and subdirectories', async () => {
    const sibling = `${box.repo}-evil`;
    mkdirSync(sibling);
    git(sibling, 'init', '-q');
    git(box.outside, 'init', '-q');
    symlinkSync(box.outside, join(box.repo, 'escape'));
    await connect();
    const outside = (p: string): string => `Repository path '${p}' is outside the allowed repository '${box.repo}'`;
    for (const path of [
      box.outside,
      sibling,
      box.dir,
      '/',
      join(box.repo, '..'),
      join(box.repo, 'escape'),
      `${box.repo}/../outside`,
    ]) {
      expect(await refused('git_status', { repo_path: path })).toBe(outside(path));
    }
    // git is not allowed to look above the path it is given for a repository.
    expect(await refused('git_status', { repo_path: join(box.repo, 'src') })).toBe(
      `Not a git repository: ${join(box.repo, 'src')}`,
    );
    expect(await refused('git_status', { repo_path: join(box.repo, 'nope') })).toBe(
      `No such repository path: ${join(box.repo, 'nope')}`,
    );
  });

  it('allows a repository nested inside an allowed one, and several --repository', async () => {
    const nested = join(box.repo, 'vendor', 'lib');
    mkdirSync(nested, { recursive: true });
    git(nested, 'init', '-q', '-b', 'trunk');
    git(box.outside, 'init', '-q', '-b', 'other');
    await connect({ repositories: [box.repo, box.outside] });
    for (const [path, branch] of [
      [nested, 'trunk'],
      [box.outside, 'other'],
    ] as const) {
      const result = await client!.callTool({ name: 'git_status', arguments: { repo_path: path } });
      expect(onlyText(result)).toContain(`On branch ${branch}`);
    }
    expect(await refused('git_status', { repo_path: box.dir })).toBe(
      `Repository path '${box.dir}' is outside the allowed repositories '${box.repo}', '${box.outside}'`,
    );
  });

  it("uses the client's roots when no repository is configured, and refuses without them", async () => {
    client = await connectPair(await createGitServer(), '2025-11-25');
    expect(await refused('git_status', {})).toBe(
      'No repository is allowed: start the server with --repository DIR, or use a client that shares its roots',
    );
    await client.close();
    for (const revision of ['2025-11-25', '2026-07-28'] as const) {
      client = await connectPair(await createGitServer(), revision, {
        handlers: { roots: { list: () => [{ uri: `file://${box.repo}`, name: 'repo' }] } },
      });
      expect(onlyText(await client.callTool({ name: 'git_status', arguments: { repo_path: box.repo } }))).toContain(
        'On branch main',
      );
      expect(await refused('git_status', { repo_path: box.outside })).toContain('is outside the allowed repository');
      await client.close();
    }
    client = undefined;
  });
});

describe('limits', () => {
  it('stops a git that runs too long, and refuses output over the limit', async () => {
    const slow = join(box.dir, 'slow-git.sh');
    write(slow, '#!/bin/sh\ncase "$*" in *rev-parse*|*" config "*|*" version") exec git "$@";; esac\nsleep 5\n');
    chmodSync(slow, 0o755);
    await connect({ git: slow, timeoutMs: 300 });
    expect(await refused('git_status', {})).toBe('git status took longer than 300 ms and was stopped');
    await client!.close();
    await connect({ maxOutputBytes: 100 });
    expect(await refused('git_show', { revision: 'HEAD' })).toBe('git log produced more than 100 bytes of output; ask for less');
  });
});
