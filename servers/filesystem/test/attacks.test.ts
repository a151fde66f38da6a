/**
 * The escape battery: every way out of the allowed directory, tried against
 * every tool that takes a path. Each must fail with a clear tool error, and
 * nothing outside may be read, listed, changed or created.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { McpClient } from 'mcpkit/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesystemServer } from '../src/index.js';
import { call, connectInMemory, makeTree, SECRET, type Seen, type Tree } from './support.js';

let tree: Tree;
let client: McpClient;

beforeAll(async () => {
  tree = makeTree();
  writeFileSync(join(tree.data, 'ok.txt'), 'inside\n');
  mkdirSync(join(tree.data, 'sub'));
  // Made before the server starts: links to a file and a directory outside, and a dangling one.
  symlinkSync(join(tree.outside, 'secret.txt'), join(tree.data, 'link-file'));
  symlinkSync(tree.outside, join(tree.data, 'link-dir'));
  symlinkSync(join(tree.outside, 'not-yet.txt'), join(tree.data, 'dangling'));
  symlinkSync('../../outside', join(tree.data, 'sub', 'relative-link'));
  client = await connectInMemory(await createFilesystemServer({ directories: [tree.data], warn: () => undefined }));
  // Made after: the server must look at every request, not at start-up.
  symlinkSync(join(tree.outside, 'secret.txt'), join(tree.data, 'late-link-file'));
  symlinkSync(tree.outside, join(tree.data, 'late-link-dir'));
});

afterAll(async () => {
  await client.close();
  tree.cleanup();
});

/** Every escape, as a path relative to nothing in particular (each is used as given). */
function escapes(): Record<string, string> {
  return {
    'dot-dot': '../outside/secret.txt',
    'dot-dot inside a path': 'sub/../../outside/secret.txt',
    'absolute outside': join(tree.outside, 'secret.txt'),
    'sibling sharing the prefix': join(tree.sibling, 'secret.txt'),
    'sibling, relative': '../data-evil/secret.txt',
    'link to a file outside': 'link-file',
    'link to a directory outside': 'link-dir/secret.txt',
    'relative link to a directory outside': 'sub/relative-link/secret.txt',
    'link to a file outside, made after start': 'late-link-file',
    'link to a directory outside, made after start': 'late-link-dir/secret.txt',
    'NUL byte': 'ok.txt\0../../outside/secret.txt',
    'home directory': '~/secret.txt',
    'home, then up': '~/../../../../../../..' + join(tree.outside, 'secret.txt'),
    'Windows drive': 'C:\\Windows\\win.ini',
    'very long path': `${'a/'.repeat(2100)}x`,
    'very long name': 'x'.repeat(300),
  };
}

function expectDenied(seen: Seen, label: string): void {
  expect(seen.isError, `${label}: ${seen.text}`).toBe(true);
  expect(seen.text, label).toMatch(/Access denied|too long|ENOENT|ENAMETOOLONG/);
  expect(seen.text, label).not.toContain(SECRET);
}

function expectOutsideUntouched(): void {
  expect(readdirSync(tree.outside).sort()).toEqual(['secret.txt']);
  expect(readFileSync(join(tree.outside, 'secret.txt'), 'utf8')).toBe(SECRET);
  expect(readdirSync(tree.sibling).sort()).toEqual(['secret.txt']);
}

describe('every escape is refused by every tool', () => {
  const tools: [string, (path: string) => Record<string, unknown>][] = [
    ['read_text_file', (path) => ({ path })],
    ['read_file', (path) => ({ path })],
    ['read_text_file', (path) => ({ path, head: 1 })],
    ['read_text_file', (path) => ({ path, tail: 1 })],
    ['read_media_file', (path) => ({ path })],
    ['get_file_info', (path) => ({ path })],
    ['list_directory', (path) => ({ path })],
    ['list_directory_with_sizes', (path) => ({ path })],
    ['directory_tree', (path) => ({ path })],
    ['search_files', (path) => ({ path, pattern: '**' })],
    ['write_file', (path) => ({ path, content: 'pwned' })],
    ['edit_file', (path) => ({ path, edits: [{ oldText: SECRET, newText: 'pwned' }] })],
    ['create_directory', (path) => ({ path: `${path}/new-dir` })],
    ['move_file', (path) => ({ source: path, destination: 'moved-here' })],
    ['move_file', (path) => ({ source: 'ok.txt', destination: `${path}/moved` })],
  ];
  for (const [name, args] of tools) {
    it(`${name} ${Object.keys(args('x')).join(',')}`, async () => {
      for (const [label, path] of Object.entries(escapes())) {
        const seen = await call(client, name, args(path));
        // Directory listings of "link-dir/secret.txt" may say ENOTDIR-like things only if they reached outside: never allowed.
        expectDenied(seen, `${name} ${label}`);
      }
      expectOutsideUntouched();
      expect(readFileSync(join(tree.data, 'ok.txt'), 'utf8')).toBe('inside\n');
    });
  }

  it('read_multiple_files reports each escape in place and reads what is inside', async () => {
    const paths = ['ok.txt', ...Object.values(escapes())];
    const seen = await call(client, 'read_multiple_files', { paths });
    expect(seen.isError).toBe(false);
    expect(seen.text).toContain('ok.txt:\ninside\n');
    expect(seen.text).not.toContain(SECRET);
    expect(
      seen.text
        .split('\n---\n')
        .slice(1)
        .every((part) => part.includes(': Error - ')),
    ).toBe(true);
  });

  it('writing through a dangling link to outside creates nothing outside', async () => {
    for (const name of ['write_file', 'create_directory']) {
      const seen = await call(client, name, { path: 'dangling', content: 'pwned' });
      expect(seen.isError, seen.text).toBe(true);
      expect(seen.text).toContain('symbolic link to something that does not exist');
    }
    expect(existsSync(join(tree.outside, 'not-yet.txt'))).toBe(false);
  });

  it('gives the clear messages of each class', async () => {
    const text = async (path: string): Promise<string> => (await call(client, 'read_text_file', { path })).text;
    expect(await text('../outside/secret.txt')).toBe(
      `Access denied - path outside allowed directories: ${join(tree.outside, 'secret.txt')} not in ${tree.data}`,
    );
    expect(await text(join(tree.sibling, 'secret.txt'))).toContain('path outside allowed directories');
    expect(await text('link-file')).toBe(
      `Access denied - symlink target outside allowed directories: ${join(tree.outside, 'secret.txt')} not in ${tree.data}`,
    );
    expect(await text('late-link-dir/secret.txt')).toContain('symlink target outside allowed directories');
    expect(await text('ok.txt\0x')).toBe('Access denied - path contains a NUL byte');
    expect(await text(`${'a/'.repeat(2100)}x`)).toMatch(/^Access denied - path too long: 4201 bytes \(at most 4096\)$/);
    expect(await text('x'.repeat(300))).toMatch(/^Access denied - file name too long: 300 bytes/);
    expect(await text('C:\\x')).toBe('Access denied - Windows-style path received on a POSIX host: C:\\x');
    expect(await text('~')).toBe(`Access denied - path outside allowed directories: ${homedir()} not in ${tree.data}`);
  });

  it('still serves what is inside, including links that stay inside', async () => {
    symlinkSync(join(tree.data, 'ok.txt'), join(tree.data, 'inner-link'));
    expect((await call(client, 'read_text_file', { path: 'inner-link' })).text).toBe('inside\n');
    expect((await call(client, 'read_text_file', { path: join(tree.data, 'sub', '..', 'ok.txt') })).text).toBe('inside\n');
    const listing = await call(client, 'search_files', { path: '.', pattern: '**/*' });
    expect(listing.text).toContain(join(tree.data, 'inner-link'));
    expect(listing.text).not.toContain('link-file');
    expect(listing.text).not.toContain(join(tree.data, 'link-dir'));
  });

  it('refuses to read a FIFO rather than hang', async () => {
    const { execFileSync } = await import('node:child_process');
    execFileSync('mkfifo', [join(tree.data, 'pipe')]);
    const seen = await call(client, 'read_text_file', { path: 'pipe' });
    expect(seen.isError).toBe(true);
    expect(seen.text).toContain('is not a regular file');
  });
});
