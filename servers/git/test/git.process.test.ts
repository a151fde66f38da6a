// The git server through an mcpkit client on temporary repositories. The
// official mcp-server-git (Python) cannot run here, so its texts are pinned
// from its source (modelcontextprotocol/servers, src/git/src/mcp_server_git/
// server.py, and GitPython's reprs): tool names and order, pydantic input
// schemas, annotations, and the text of each result.
import { chmodSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { McpClient } from 'mcpkit/client';
import { connectPair, onlyText, REVISIONS } from '../../../test/support/serverPair.js';
import { createGitServer, parseGitArgs } from '../src/index.js';
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

async function connect(allowWrite = false, revision: (typeof REVISIONS)[number] = '2025-11-25'): Promise<McpClient> {
  client = await connectPair(await createGitServer({ repositories: [box.repo], allowWrite }), revision);
  return client;
}

async function call(name: string, args: Record<string, unknown>): Promise<{ text: string; isError: boolean }> {
  const result = await client!.callTool({ name, arguments: { repo_path: box.repo, ...args } });
  return { text: onlyText(result), isError: result.isError === true };
}

const ADA = '<git.Actor "Ada Lovelace <ada@example.com>">';

describe('tool list', () => {
  it('is read-only by default, the official tools in the official order with --allow-write', async () => {
    await connect();
    expect((await client!.listTools()).tools.map((t) => t.name)).toEqual([
      'git_status',
      'git_diff_unstaged',
      'git_diff_staged',
      'git_diff',
      'git_log',
      'git_show',
      'git_branch',
    ]);
    await client!.close();
    await connect(true);
    const { tools } = await client!.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'git_status',
      'git_diff_unstaged',
      'git_diff_staged',
      'git_diff',
      'git_commit',
      'git_add',
      'git_reset',
      'git_log',
      'git_create_branch',
      'git_checkout',
      'git_show',
      'git_branch',
    ]);
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName['git_status']).toEqual({
      name: 'git_status',
      description: 'Shows the working tree status',
      inputSchema: {
        properties: { repo_path: { title: 'Repo Path', type: 'string' } },
        required: ['repo_path'],
        title: 'GitStatus',
        type: 'object',
      },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    });
    expect(byName['git_reset']?.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(byName['git_log']?.inputSchema.properties?.['start_timestamp']).toMatchObject({
      anyOf: [{ type: 'string' }, { type: 'null' }],
      default: null,
      title: 'Start Timestamp',
    });
  });
});

describe.each(REVISIONS)('read tools at %s', (revision) => {
  it('git_status, git_branch', async () => {
    await connect(false, revision);
    expect(await call('git_status', {})).toEqual({
      text: 'Repository status:\nOn branch main\nnothing to commit, working tree clean',
      isError: false,
    });
    expect((await call('git_branch', { branch_type: 'local' })).text).toBe('  feature\n* main');
    expect((await call('git_branch', { branch_type: 'local', contains: box.second })).text).toBe('* main');
    expect((await call('git_branch', { branch_type: 'local', not_contains: box.second })).text).toBe('  feature');
    expect(await call('git_branch', { branch_type: 'mine' })).toEqual({ text: 'Invalid branch type: mine', isError: false });
  });

  it('git_log as GitPython prints commits (reprs), and with a date range', async () => {
    await connect(false, revision);
    expect((await call('git_log', {})).text).toBe(
      `Commit history:\nCommit: '${box.second}'\nAuthor: ${ADA}\nDate: 2024-02-01 09:00:00-05:00\n` +
        `Message: "Add app, the user's way\\n\\nWith a body.\\n"\n\n` +
        `Commit: '${box.first}'\nAuthor: ${ADA}\nDate: 2024-01-15 14:30:25+01:00\nMessage: 'Initial commit\\n'\n`,
    );
    expect((await call('git_log', { max_count: 1 })).text.match(/^Commit: /gm)).toHaveLength(1);
    expect((await call('git_log', { start_timestamp: '2024-01-20', end_timestamp: null })).text).toBe(
      `Commit history:\nCommit: ${box.second}\nAuthor: Ada Lovelace\nDate: Thu Feb 1 09:00:00 2024 -0500\nMessage: Add app, the user's way\n`,
    );
  });

  it('git_show: the commit, then each file as --- a / +++ b and its hunks', async () => {
    await connect(false, revision);
    expect((await call('git_show', { revision: 'HEAD' })).text).toBe(
      `Commit: '${box.second}'\nAuthor: ${ADA}\nDate: 2024-02-01 09:00:00-05:00\n` +
        `Message: "Add app, the user's way\\n\\nWith a body.\\n"\n` +
        '\n--- README.md\n+++ README.md\n@@ -1 +1,3 @@\n # Demo\n+\n+More.\n' +
        '\n--- None\n+++ src/app.ts\n@@ -0,0 +1 @@\n+export const x = 1;\n',
    );
    expect((await call('git_show', { revision: 'feature' })).text).toContain(
      "Message: 'Initial commit\\n'\n\n--- None\n+++ README.md\n@@ -0,0 +1 @@\n+# Demo\n",
    );
  });

  it('git_diff against a ref, and the unstaged and staged diffs with context_lines', async () => {
    await connect(false, revision);
    const diff = await call('git_diff', { target: 'feature', context_lines: 0 });
    expect(diff.text).toMatch(/^Diff with feature:\ndiff --git a\/README.md b\/README.md\n/);
    expect(diff.text).toContain('@@ -1,0 +2,2 @@\n+\n+More.');
    write(join(box.repo, 'README.md'), '# Demo\n\nChanged.\n');
    write(join(box.repo, 'src', 'app.ts'), 'export const x = 2;\n');
    git(box.repo, 'add', 'src/app.ts');
    expect((await call('git_diff_unstaged', {})).text).toMatch(
      /^Unstaged changes:\ndiff --git a\/README.md b\/README.md\n[^]*-More\.\n\+Changed\.$/,
    );
    expect((await call('git_diff_staged', { context_lines: 1 })).text).toMatch(
      /^Staged changes:\n[^]*-export const x = 1;\n\+export const x = 2;$/,
    );
  });

  it('reports a missing ref with the official text', async () => {
    await connect(false, revision);
    expect(await call('git_diff', { target: 'nope' })).toEqual({
      text: "Ref 'nope' did not resolve to an object",
      isError: true,
    });
    expect(await call('git_show', { revision: 'nope' })).toEqual({
      text: "Ref 'nope' did not resolve to an object",
      isError: true,
    });
  });
});

describe('write tools (--allow-write)', () => {
  it('git_add, git_diff_staged, git_reset, git_commit', async () => {
    await connect(true);
    write(join(box.repo, 'notes.txt'), 'hello\n');
    expect(await call('git_add', { files: ['notes.txt'] })).toEqual({ text: 'Files staged successfully', isError: false });
    expect((await call('git_diff_staged', {})).text).toContain('+hello');
    expect(await call('git_reset', {})).toEqual({ text: 'All staged changes reset', isError: false });
    expect((await call('git_diff_staged', {})).text).toBe('Staged changes:\n');
    await call('git_add', { files: ['.'] });
    const committed = await call('git_commit', { message: 'Add notes' });
    const head = git(box.repo, 'rev-parse', 'HEAD');
    expect(committed).toEqual({ text: `Changes committed successfully with hash ${head}`, isError: false });
    expect(git(box.repo, 'log', '-1', '--format=%B%P')).toBe(`Add notes${box.second}`);
    expect(git(box.repo, 'status', '--porcelain')).toBe('');
  });

  it('git_create_branch from HEAD or a base, git_checkout', async () => {
    await connect(true);
    expect((await call('git_create_branch', { branch_name: 'topic' })).text).toBe("Created branch 'topic' from 'main'");
    expect((await call('git_create_branch', { branch_name: 'old', base_branch: 'feature' })).text).toBe(
      "Created branch 'old' from 'feature'",
    );
    expect(git(box.repo, 'rev-parse', 'old')).toBe(box.first);
    expect(await call('git_checkout', { branch_name: 'old' })).toEqual({ text: "Switched to branch 'old'", isError: false });
    expect(git(box.repo, 'rev-parse', '--abbrev-ref', 'HEAD')).toBe('old');
    expect((await call('git_create_branch', { branch_name: 'x', base_branch: 'nope' })).text).toBe('No item found with id nope');
    expect((await call('git_create_branch', { branch_name: 'old', base_branch: 'main' })).text).toBe(
      `Reference at 'refs/heads/old' does already exist, pointing to '${box.first}', requested was '${box.second}'`,
    );
    expect((await call('git_checkout', { branch_name: 'nope' })).text).toBe("Ref 'nope' did not resolve to an object");
  });

  it('commits the first commit of an empty repository', async () => {
    git(box.repo, 'checkout', '-q', '--orphan', 'fresh');
    git(box.repo, 'rm', '-q', '-r', '--cached', '.');
    await connect(true);
    await call('git_add', { files: ['README.md'] });
    const { text } = await call('git_commit', { message: 'Root' });
    expect(text).toMatch(/^Changes committed successfully with hash [0-9a-f]{40}$/);
    expect(git(box.repo, 'log', '--format=%s', 'fresh')).toBe('Root');
  });

  it('runs no hooks and no fsmonitor program from the repository configuration', async () => {
    const marker = join(box.dir, 'ran');
    const script = join(box.dir, 'program.sh');
    write(script, `#!/bin/sh\necho "$0" >> ${marker}\n`);
    chmodSync(script, 0o755);
    write(join(box.repo, '.git', 'hooks', 'post-checkout'), `#!/bin/sh\n${script}\n`);
    chmodSync(join(box.repo, '.git', 'hooks', 'post-checkout'), 0o755);
    git(box.repo, 'config', 'core.fsmonitor', script);
    await connect(true);
    await call('git_checkout', { branch_name: 'feature' });
    await call('git_status', {});
    expect(existsSync(marker)).toBe(false);
  });
});

describe('git server options', () => {
  it('reads the official -r/--repository (repeatable) and --allow-write', () => {
    expect(parseGitArgs(['-r', '/a', '--repository', '/b', '--allow-write', '-v'])).toEqual({
      repositories: ['/a', '/b'],
      allowWrite: true,
    });
    expect(parseGitArgs([])).toEqual({ repositories: [], allowWrite: false });
    expect(() => parseGitArgs(['--write'])).toThrow(/Unknown option/);
  });

  it('refuses a repository that is not one', async () => {
    await expect(createGitServer({ repositories: [box.outside] })).rejects.toThrow(
      `${box.outside} is not a valid Git repository`,
    );
  });
});
