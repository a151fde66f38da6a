/**
 * Where ours differs from the official server on purpose (README, "Where it
 * differs"): each difference, shown.
 */
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFilesystemServer, type FilesystemOptions } from '../src/index.js';
import { call, connectInMemory, makeTree, type Tree } from './support.js';

let tree: Tree;

beforeEach(() => {
  tree = makeTree();
});

afterEach(() => {
  tree.cleanup();
});

async function client(options: Partial<FilesystemOptions> = {}) {
  return connectInMemory(await createFilesystemServer({ directories: [tree.data], warn: () => undefined, ...options }));
}

describe('where ours differs', () => {
  it('refuses to read a binary file as text', async () => {
    writeFileSync(join(tree.data, 'x.bin'), Buffer.from([0x41, 0, 0x42]));
    const c = await client();
    const seen = await call(c, 'read_text_file', { path: 'x.bin' });
    expect(seen).toMatchObject({ isError: true });
    expect(seen.text).toContain('looks like a binary file');
    expect(seen.text).toContain('read_media_file');
    await c.close();
  });

  it('refuses files over the size limit, except for head and tail', async () => {
    writeFileSync(join(tree.data, 'big.txt'), 'line\n'.repeat(1000));
    const c = await client({ maxFileBytes: 100 });
    const whole = await call(c, 'read_text_file', { path: 'big.txt' });
    expect(whole.isError).toBe(true);
    expect(whole.text).toContain("too large to read: 5000 bytes, more than this server's limit of 100");
    expect((await call(c, 'read_text_file', { path: 'big.txt', head: 2 })).text).toBe('line\nline');
    expect((await call(c, 'read_text_file', { path: 'big.txt', tail: 2 })).text).toBe('line\n');
    expect((await call(c, 'read_media_file', { path: 'big.txt' })).isError).toBe(true);
    await c.close();
  });

  it('keeps CRLF line ends when editing a CRLF file', async () => {
    writeFileSync(join(tree.data, 'w.txt'), 'a\r\nb\r\n');
    const c = await client();
    await call(c, 'edit_file', { path: 'w.txt', edits: [{ oldText: 'b', newText: 'c' }] });
    expect(readFileSync(join(tree.data, 'w.txt'), 'utf8')).toBe('a\r\nc\r\n');
    await c.close();
  });

  it('bounds directory_tree and says where it cut', async () => {
    mkdirSync(join(tree.data, 'a', 'b', 'c'), { recursive: true });
    for (let i = 0; i < 5; i++) writeFileSync(join(tree.data, `f${String(i)}`), '');
    const c = await client({ treeMaxDepth: 2, treeMaxEntries: 4 });
    const seen = await call(c, 'directory_tree', { path: '.' });
    expect(seen.texts).toHaveLength(2);
    expect(seen.texts[1]).toContain('The tree is incomplete');
    expect(JSON.stringify(JSON.parse(seen.text))).toContain('"truncated":true');
    const deep = await call(c, 'directory_tree', { path: 'a' });
    expect(JSON.parse(deep.text)).toEqual([
      { name: 'b', type: 'directory', children: [{ name: 'c', type: 'directory', children: [] }] },
    ]);
    await c.close();
  });

  it('stops a search at its result limit or time budget, and says so', async () => {
    for (let i = 0; i < 600; i++) writeFileSync(join(tree.data, `f${String(i)}.txt`), '');
    const few = await client({ maxSearchResults: 3 });
    const limited = await call(few, 'search_files', { path: '.', pattern: '*.txt' });
    expect(limited.text.split('\n').filter((l) => l.endsWith('.txt'))).toHaveLength(3);
    expect(limited.text).toContain('[Search stopped early because it found 3 matches');
    await few.close();
    const quick = await client({ searchTimeoutMs: 0.001 });
    const timed = await call(quick, 'search_files', { path: '.', pattern: '*.nothing' });
    expect(timed.text).toMatch(/^No matches found\n\n\[Search stopped early because the time budget/);
    await quick.close();
  });

  it('tells media types from content when the extension says nothing', async () => {
    writeFileSync(join(tree.data, 'picture'), Buffer.from('89504e470d0a1a0a0000', 'hex'));
    const c = await client();
    const seen = await call(c, 'read_media_file', { path: 'picture' });
    expect(seen.raw.content[0]).toMatchObject({ type: 'image', mimeType: 'image/png' });
    await c.close();
  });

  it('sizes a link to outside as 0 rather than reveal its target', async () => {
    writeFileSync(join(tree.outside, 'big'), 'x'.repeat(5000));
    symlinkSync(join(tree.outside, 'big'), join(tree.data, 'link'));
    const c = await client();
    expect((await call(c, 'list_directory_with_sizes', { path: '.' })).text).toMatch(/\[FILE\] link\s+0 B/);
    await c.close();
  });

  it('serves no tool that changes anything with --read-only', async () => {
    const c = await client({ readOnly: true });
    const names = (await c.listTools()).tools.map((t) => t.name);
    expect(names).not.toEqual(expect.arrayContaining(['write_file']));
    for (const name of ['write_file', 'edit_file', 'create_directory', 'move_file']) expect(names).not.toContain(name);
    expect(names).toContain('read_text_file');
    await c.close();
  });

  it('writes atomically, keeping the permissions and leaving no temporary file', async () => {
    writeFileSync(join(tree.data, 'p.txt'), 'old');
    chmodSync(join(tree.data, 'p.txt'), 0o600);
    const c = await client();
    expect((await call(c, 'write_file', { path: 'p.txt', content: 'new' })).text).toBe('Successfully wrote to p.txt');
    expect(readFileSync(join(tree.data, 'p.txt'), 'utf8')).toBe('new');
    expect(statSync(join(tree.data, 'p.txt')).mode & 0o777).toBe(0o600);
    expect(readdirSync(tree.data)).toEqual(['p.txt']);
    await c.close();
  });

  it('requires at least one existing directory', async () => {
    await expect(createFilesystemServer({ directories: [], warn: () => undefined })).rejects.toThrow(/at least one directory/);
    await expect(createFilesystemServer({ directories: [join(tree.root, 'nope')], warn: () => undefined })).rejects.toThrow(
      /none of the directories/,
    );
  });
});
