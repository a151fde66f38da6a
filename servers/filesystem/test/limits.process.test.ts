/**
 * The read budget and the glob bounds through what users run, `mcpkit serve
 * filesystem DIR --max-read-size …`: a read past the budget fails quickly as
 * a whole, a brace bomb is refused, and the same process answers the next
 * request.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { McpClient } from 'mcpkit/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, CLI, connectProcess, makeTree, type Tree } from './support.js';

let tree: Tree;
let client: McpClient | undefined;

beforeEach(() => {
  tree = makeTree();
});

afterEach(async () => {
  await client?.close();
  client = undefined;
  tree.cleanup();
});

describe('mcpkit serve filesystem, bounded (process)', () => {
  it('fails reads past --max-read-size and brace bombs, and goes on answering', async () => {
    const paths: string[] = [];
    for (let i = 0; i < 8; i++) {
      writeFileSync(join(tree.data, `f${String(i)}.txt`), 'y'.repeat(512 * 1024));
      paths.push(`f${String(i)}.txt`);
    }
    client = await connectProcess([CLI, 'serve', 'filesystem', tree.data, '--max-read-size', '1M']);
    const over = await call(client, 'read_multiple_files', { paths });
    expect(over.isError).toBe(true);
    expect(over.text).toContain('--max-read-size');
    expect(JSON.stringify(over.raw).length).toBeLessThan(2000);
    const bomb = await call(client, 'search_files', { path: '.', pattern: '{a,b}'.repeat(20) });
    expect(bomb.isError).toBe(true);
    expect(bomb.text).toContain('more than 100 patterns');
    const two = await call(client, 'read_multiple_files', { paths: paths.slice(0, 2) });
    expect(two.isError).toBe(false);
    expect(two.text).toContain('f1.txt:\n');
  });
});
