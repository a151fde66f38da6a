// The reference filesystem server from npm (@modelcontextprotocol/server-filesystem)
// over stdio, confined to a temporary directory: the mcpkit client and the CLI
// list, read, write and search files, and the server refuses paths outside.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpClient } from 'mcpkit/client';
import { cliJson, runCli } from '../cli/run.js';
import { connected, stdio, textOf } from './client.js';
import { SERVERS, tempDir } from './servers.js';

const dir = tempDir('fs');
afterAll(() => {
  dir.remove();
});
writeFileSync(join(dir.path, 'notes.txt'), 'first line\nsecond line\n');
mkdirSync(join(dir.path, 'sub'));
writeFileSync(join(dir.path, 'sub', 'deep.md'), '# deep\n');

describe('server-filesystem (npm) with the mcpkit client', () => {
  let client: McpClient;
  beforeAll(async () => {
    client = await connected(stdio(SERVERS.filesystem(dir.path)));
  });
  afterAll(async () => {
    await client.close();
  });

  it('is a handshake-era server offering file tools', async () => {
    expect(client.era).toBe('handshake');
    expect(client.serverInfo?.name).toBe('secure-filesystem-server');
    const names = (await client.listAllTools()).map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining(['read_text_file', 'write_file', 'list_directory', 'search_files', 'list_allowed_directories']),
    );
  });

  it('lists, reads, writes and searches inside its directory', async () => {
    const listing = textOf(await client.callTool({ name: 'list_directory', arguments: { path: dir.path } }));
    expect(listing.split('\n').sort()).toEqual(['[DIR] sub', '[FILE] notes.txt']);
    const read = await client.callTool({ name: 'read_text_file', arguments: { path: join(dir.path, 'notes.txt'), head: 1 } });
    expect(textOf(read)).toBe('first line');
    const target = join(dir.path, 'sub', 'written.txt');
    const write = await client.callTool({ name: 'write_file', arguments: { path: target, content: 'written by mcpkit\n' } });
    expect(write.isError).not.toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('written by mcpkit\n');
    const found = textOf(await client.callTool({ name: 'search_files', arguments: { path: dir.path, pattern: '**/*.md' } }));
    expect(found.trim()).toBe(join(dir.path, 'sub', 'deep.md'));
  });

  it('refuses a path outside its directory (a tool error, not a protocol error)', async () => {
    const result = await client.callTool({ name: 'read_text_file', arguments: { path: '/etc/hostname' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Access denied|outside allowed/i);
  });
});

describe('server-filesystem (npm) from the CLI', () => {
  const target = (): string[] => ['--', ...SERVERS.filesystem(dir.path)];

  it('writes with typed arguments and reads back, --json parsed', async () => {
    const path = join(dir.path, 'cli.txt');
    const write = await cliJson<{ content: { text: string }[] }>([
      'call',
      'write_file',
      '--arg',
      `path=${path}`,
      '--arg',
      'content=42',
      ...target(),
    ]);
    expect(write.content[0]?.text).toContain('Successfully wrote');
    expect(readFileSync(path, 'utf8')).toBe('42'); // a string property stays a string
    const read = await runCli(['call', 'read_text_file', '--arg', `path=${path}`, '-q', ...target()]);
    expect(read).toMatchObject({ code: 0, stdout: '42\n' });
  });

  it('takes arrays as repeated keys', async () => {
    const run = await runCli([
      'call',
      'read_multiple_files',
      '--arg',
      `paths=${join(dir.path, 'notes.txt')}`,
      '--arg',
      `paths=${join(dir.path, 'sub', 'deep.md')}`,
      '-q',
      ...target(),
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('second line');
    expect(run.stdout).toContain('# deep');
  });

  it('exits 4 with the tool error on stdout when the tool fails', async () => {
    const run = await runCli(['call', 'read_text_file', '--arg', 'path=/etc/hostname', '-q', ...target()]);
    expect(run.code).toBe(4);
    expect(run.stdout).toMatch(/Access denied|outside allowed/i);
  });

  it('exits 2 for a missing required argument, before calling', async () => {
    const run = await runCli(['call', 'write_file', '--arg', 'path=x', ...target()]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('missing required argument: content (string)');
  });
});
