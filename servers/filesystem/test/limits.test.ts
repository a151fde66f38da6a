/**
 * The bounds a hostile caller meets: bytes per call for every read tool
 * (one `read_multiple_files` once answered 485 MB), entries per listing, and
 * globs bounded in length, brace expansion and wildcards, refused at once
 * with an error that names the bound (a brace pattern once blocked the server
 * for most of a second).
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFilesystemServer, type FilesystemOptions } from '../src/index.js';
import { filesystemOptionsFromArgs } from '../src/options.js';
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

const MIB = 1024 * 1024;

describe('bytes per call', () => {
  it('fails a read_multiple_files past the per-call budget as a whole, without the files', async () => {
    const paths: string[] = [];
    for (let i = 0; i < 12; i++) {
      writeFileSync(join(tree.data, `f${String(i)}.txt`), 'x'.repeat(MIB));
      paths.push(`f${String(i)}.txt`);
    }
    const c = await client({ maxReadBytes: 4 * MIB });
    const seen = await call(c, 'read_multiple_files', { paths });
    expect(seen.isError).toBe(true);
    expect(seen.text).toContain('--max-read-size');
    expect(seen.text).toContain(String(4 * MIB));
    // The answer is the error, not megabytes of files.
    expect(JSON.stringify(seen.raw).length).toBeLessThan(2000);
    // Under the budget, the same tool reads.
    const fine = await call(c, 'read_multiple_files', { paths: paths.slice(0, 3) });
    expect(fine.isError).toBe(false);
    expect(fine.text.length).toBeGreaterThan(3 * MIB);
    await c.close();
  });

  it('bounds one-file reads by the per-call budget too, as their error says', async () => {
    writeFileSync(join(tree.data, 'big.txt'), 'line\n'.repeat(1000));
    const c = await client({ maxReadBytes: 1000 });
    for (const tool of ['read_text_file', 'read_media_file']) {
      const seen = await call(c, tool, { path: 'big.txt' });
      expect(seen.isError, tool).toBe(true);
      expect(seen.text, tool).toContain('--max-read-size');
    }
    // head and tail still read parts of it.
    expect((await call(c, 'read_text_file', { path: 'big.txt', head: 2 })).text).toBe('line\nline');
    await c.close();
  });

  it('takes --max-read-size and --list-max-entries from the command line', () => {
    expect(filesystemOptionsFromArgs(['/a', '--max-read-size', '8M', '--list-max-entries', '50'])).toMatchObject({
      maxReadBytes: 8 * MIB,
      listMaxEntries: 50,
    });
    expect(() => filesystemOptionsFromArgs(['/a', '--max-read-size', 'lots'])).toThrow(/--max-read-size/);
    expect(() => filesystemOptionsFromArgs(['/a', '--list-max-entries', '0'])).toThrow(/--list-max-entries/);
  });
});

describe('entries per listing', () => {
  it('lists at most --list-max-entries entries and says the rest were left out', async () => {
    for (let i = 0; i < 8; i++) writeFileSync(join(tree.data, `e${String(i)}`), 'x');
    const c = await client({ listMaxEntries: 5 });
    for (const tool of ['list_directory', 'list_directory_with_sizes']) {
      const seen = await call(c, tool, { path: '.' });
      expect(seen.isError, tool).toBe(false);
      expect(seen.text.match(/^\[FILE\] e\d/gm), tool).toHaveLength(5);
      expect(seen.text, tool).toContain('Only the first 5 entries are listed (--list-max-entries)');
    }
    const whole = await client({ listMaxEntries: 8 });
    expect((await call(whole, 'list_directory', { path: '.' })).text).not.toContain('Only the first');
    await c.close();
    await whole.close();
  });

  it("keeps readdir's order (the official server's) although it reads as a stream", async () => {
    for (const name of ['b', 'B', 'a', '_x', 'é', 'z9', 'z10', '😀', 'ｚ']) writeFileSync(join(tree.data, name), '');
    const c = await client();
    const seen = await call(c, 'list_directory', { path: '.' });
    expect(seen.text.split('\n').map((line) => line.slice('[FILE] '.length))).toEqual(readdirSync(tree.data));
    await c.close();
  });
});

describe('globs', () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['a brace bomb', { pattern: '{a,b}'.repeat(16) }, /expand .* more than 100 patterns/],
    ['a numeric range', { pattern: '{1..100000}' }, /expand .* more than 100 patterns/],
    [
      'brace bomb among exclusions',
      { pattern: '*', excludePatterns: ['x', '{a,b,c,d}{a,b,c,d}{a,b,c,d}{a,b,c,d}'] },
      /more than 100/,
    ],
    ['stars that backtrack', { pattern: '*a*a*a*b' }, /more than 2 \* wildcards/],
    ['a very long glob', { pattern: 'a'.repeat(5000) }, /more than 1024/],
    ['too many globs', { pattern: '*', excludePatterns: Array.from({ length: 80 }, (_, i) => `x${String(i)}`) }, /at most 64/],
  ];
  for (const [name, args, message] of cases) {
    it(`refuses ${name} in search_files at once`, async () => {
      const c = await client();
      const seen = await call(c, 'search_files', { path: '.', ...args });
      expect(seen.isError).toBe(true);
      expect(seen.text).toMatch(message);
      // The server answers the next request as usual.
      expect((await call(c, 'list_allowed_directories')).text).toContain(tree.data);
      await c.close();
    });
  }

  it('refuses a brace bomb in directory_tree exclusions', async () => {
    const c = await client();
    const seen = await call(c, 'directory_tree', { path: '.', excludePatterns: ['{a,b}'.repeat(12)] });
    expect(seen.isError).toBe(true);
    expect(seen.text).toMatch(/excludePatterns .* more than 100 patterns/);
    await c.close();
  });

  it('matches extglobs literally, so they cannot backtrack', async () => {
    writeFileSync(join(tree.data, `${'a'.repeat(200)}b`), '');
    writeFileSync(join(tree.data, '+(a|aa)b'), '');
    const c = await client();
    const seen = await call(c, 'search_files', { path: '.', pattern: '+(a|aa)b' });
    expect(seen.isError).toBe(false);
    expect(seen.text.split('\n')).toEqual([join(tree.data, '+(a|aa)b')]);
    await c.close();
  });

  it('still takes everyday globs', async () => {
    mkdirSync(join(tree.data, 'src'));
    for (const name of ['a.ts', 'b.tsx', 'c.js', 'a.test.ts']) writeFileSync(join(tree.data, 'src', name), '');
    const c = await client();
    const seen = await call(c, 'search_files', {
      path: '.',
      pattern: '**/*.{ts,tsx}',
      excludePatterns: ['**/*.test.*', 'node_modules'],
    });
    expect(seen.text.split('\n').sort()).toEqual([join(tree.data, 'src', 'a.ts'), join(tree.data, 'src', 'b.tsx')]);
    await c.close();
  });
});
