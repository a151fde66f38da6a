/**
 * Client roots narrow the allowed directories and never widen them (the
 * official server lets roots replace its directories).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Root } from 'mcpkit/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFilesystemServer } from '../src/index.js';
import { call, connectInMemory, makeTree, SECRET, type Tree } from './support.js';

let tree: Tree;

beforeEach(() => {
  tree = makeTree();
  mkdirSync(join(tree.data, 'project'));
  writeFileSync(join(tree.data, 'project', 'in.txt'), 'in project\n');
  writeFileSync(join(tree.data, 'elsewhere.txt'), 'not in project\n');
});

afterEach(() => {
  tree.cleanup();
});

async function withRoots(roots: () => Root[]) {
  const server = await createFilesystemServer({ directories: [tree.data], warn: () => undefined });
  return connectInMemory(server, { roots: { list: roots, listChanged: true } });
}

const root = (path: string): Root => ({ uri: pathToFileURL(path).href });

describe('roots', () => {
  it('narrow access to the part of the allowed directories they name', async () => {
    const client = await withRoots(() => [root(join(tree.data, 'project'))]);
    expect((await call(client, 'list_allowed_directories')).text).toBe(`Allowed directories:\n${join(tree.data, 'project')}`);
    expect((await call(client, 'read_text_file', { path: 'in.txt' })).text).toBe('in project\n');
    const outside = await call(client, 'read_text_file', { path: join(tree.data, 'elsewhere.txt') });
    expect(outside.isError).toBe(true);
    expect(outside.text).toContain('Access denied - path outside allowed directories');
    await client.close();
  });

  it('never widen it: a root outside adds nothing, a root above keeps the allowed directory', async () => {
    const client = await withRoots(() => [root(tree.outside), root(tree.root)]);
    expect((await call(client, 'list_allowed_directories')).text).toBe(`Allowed directories:\n${tree.data}`);
    const secret = await call(client, 'read_text_file', { path: join(tree.outside, 'secret.txt') });
    expect(secret.isError).toBe(true);
    expect(secret.text).not.toContain(SECRET);
    await client.close();
  });

  it('that share nothing with the allowed directories leave nothing reachable', async () => {
    const client = await withRoots(() => [root(tree.outside)]);
    const seen = await call(client, 'read_text_file', { path: join(tree.data, 'elsewhere.txt') });
    expect(seen.isError).toBe(true);
    expect(seen.text).toContain("the client's roots leave no allowed directory");
    await client.close();
  });

  it('are asked for again after roots/list_changed', async () => {
    let current = [root(join(tree.data, 'project'))];
    const client = await withRoots(() => current);
    expect((await call(client, 'read_text_file', { path: join(tree.data, 'elsewhere.txt') })).isError).toBe(true);
    current = [root(tree.data)];
    await client.notifyRootsListChanged();
    // The notification and the next call travel in order on one connection.
    expect((await call(client, 'read_text_file', { path: join(tree.data, 'elsewhere.txt') })).text).toBe('not in project\n');
    await client.close();
  });

  it('an empty list, or a client without roots, narrows nothing', async () => {
    const empty = await withRoots(() => []);
    expect((await call(empty, 'list_allowed_directories')).text).toBe(`Allowed directories:\n${tree.data}`);
    await empty.close();
    const none = await connectInMemory(await createFilesystemServer({ directories: [tree.data], warn: () => undefined }));
    expect((await call(none, 'read_text_file', { path: 'elsewhere.txt' })).text).toBe('not in project\n');
    await none.close();
  });
});
