/**
 * A link swapped in between the check and the use. First deterministically
 * (the swap is made right after a path was resolved, before it is opened),
 * then for real: another thread swaps a directory for a link to outside as
 * fast as it can while the server reads, writes and lists through it.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { McpClient } from 'mcpkit/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFilesystemServer } from '../src/index.js';
import { makeDirectory } from '../src/fs/mkdir.js';
import { readText } from '../src/fs/read.js';
import { ReadBudget } from '../src/fs/readBudget.js';
import { writeAtomic } from '../src/fs/write.js';
import { listDirectory } from '../src/fs/list.js';
import type { AllowedSet } from '../src/paths/allowedSet.js';
import { resolvePath } from '../src/paths/resolve.js';
import { call, connectInMemory, makeTree, SECRET, type Tree } from './support.js';

let tree: Tree;
let allowed: AllowedSet;

beforeEach(() => {
  tree = makeTree();
  allowed = { spellings: [tree.data], real: [tree.data], aliases: new Map() };
  mkdirSync(join(tree.data, 'dir'));
  writeFileSync(join(tree.data, 'dir', 'secret.txt'), 'inside\n');
  writeFileSync(join(tree.data, 'file.txt'), 'inside\n');
});

afterEach(() => {
  tree.cleanup();
});

/** Replaces `data/dir` by a link to `outside` (which has its own secret.txt). */
function swapDirectory(): void {
  renameSync(join(tree.data, 'dir'), join(tree.data, 'dir-old'));
  symlinkSync(tree.outside, join(tree.data, 'dir'));
}

describe('a link swapped in after the check', () => {
  it('is not followed when it replaces the file itself', async () => {
    const target = await resolvePath('file.txt', allowed);
    rmSync(join(tree.data, 'file.txt'));
    symlinkSync(join(tree.outside, 'secret.txt'), join(tree.data, 'file.txt'));
    await expect(readText(target, allowed, 1 << 20, new ReadBudget(1 << 20))).rejects.toThrow(/replaced by a symbolic link/);
  });

  it('is caught when it replaces a directory on the way (reading)', async () => {
    const target = await resolvePath('dir/secret.txt', allowed);
    swapDirectory();
    await expect(readText(target, allowed, 1 << 20, new ReadBudget(1 << 20))).rejects.toThrow(
      /was replaced while it was being opened/,
    );
  });

  it('is caught when it replaces the directory being listed', async () => {
    const target = await resolvePath('dir', allowed);
    swapDirectory();
    await expect(listDirectory(target, allowed, 1000)).rejects.toThrow(/Access denied/);
  });

  it('cannot send a write outside', async () => {
    const target = await resolvePath('dir/new.txt', allowed);
    swapDirectory();
    await expect(writeAtomic(target, 'pwned', allowed)).rejects.toThrow(/Access denied/);
    expect(readdirSync(tree.outside)).toEqual(['secret.txt']);
  });

  it('cannot send a replacement outside', async () => {
    const target = await resolvePath('dir/secret.txt', allowed);
    swapDirectory();
    await expect(writeAtomic(target, 'pwned', allowed)).rejects.toThrow(/Access denied/);
    expect(readFileSync(join(tree.outside, 'secret.txt'), 'utf8')).toBe(SECRET);
  });

  it('cannot send mkdir -p outside', async () => {
    const target = await resolvePath('dir/a/b', allowed);
    swapDirectory();
    await expect(makeDirectory(target, allowed)).rejects.toThrow(/Access denied/);
    expect(readdirSync(tree.outside)).toEqual(['secret.txt']);
  });
});

/** Swaps `data/dir` between a real directory and a link to outside, in another thread, until told to stop. */
function startFlipper(data: string, outside: string): Worker {
  const code = `
    const { workerData, parentPort } = require('node:worker_threads');
    const fs = require('node:fs');
    const { data, outside } = workerData;
    const dir = data + '/dir', real = data + '/dir-real', link = data + '/dir-link';
    fs.symlinkSync(outside, link);
    let stop = false;
    parentPort.on('message', () => { stop = true; });
    const loop = () => {
      for (let i = 0; i < 100 && !stop; i++) {
        fs.renameSync(dir, real); fs.renameSync(link, dir);
        fs.renameSync(dir, link); fs.renameSync(real, dir);
      }
      if (stop) parentPort.postMessage('stopped'); else setImmediate(loop);
    };
    loop();`;
  return new Worker(code, { eval: true, workerData: { data, outside } });
}

describe('a link swapped back and forth while the server works', () => {
  it('never lets a read, write or listing reach outside', async () => {
    writeFileSync(join(tree.data, 'dir', 'inside-marker'), '');
    const client: McpClient = await connectInMemory(
      await createFilesystemServer({ directories: [tree.data], warn: () => undefined }),
    );
    const flipper = startFlipper(tree.data, tree.outside);
    let served = 0;
    try {
      for (let i = 0; i < 150; i++) {
        const read = await call(client, 'read_text_file', { path: 'dir/secret.txt' });
        expect(read.text).not.toContain(SECRET);
        if (!read.isError) served++;
        await call(client, 'write_file', { path: `dir/w${String(i)}.txt`, content: 'x' });
        const list = await call(client, 'list_directory', { path: 'dir' });
        if (!list.isError) expect(list.text).toContain('inside-marker');
      }
    } finally {
      const stopped = new Promise((resolve) => flipper.once('message', resolve));
      flipper.postMessage('stop');
      await stopped;
      await flipper.terminate();
      await client.close();
    }
    expect(readdirSync(tree.outside)).toEqual(['secret.txt']);
    expect(readFileSync(join(tree.outside, 'secret.txt'), 'utf8')).toBe(SECRET);
    expect(served).toBeGreaterThan(0);
  });
});
