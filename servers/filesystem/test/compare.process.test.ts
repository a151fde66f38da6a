/**
 * Drop-in: the same scripted calls against the official filesystem server
 * (from npm) and ours, each in its own process on its own copy of the same
 * tree, must give the same texts and structured content (paths and times
 * normalized). The calls cover every tool, successes and the usual failures.
 * Where ours differs on purpose (README, "Where it differs"), it is not
 * scripted here but tested on its own.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { McpClient } from 'mcpkit/client';
import type { Tool } from 'mcpkit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, CLI, connectProcess, makeTree, OFFICIAL, type Seen, type Tree } from './support.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d4944415478da63f8cfc0f01f0005000201e2a1b2b60000000049454e44ae426082',
  'hex',
);

/** The same tree for both servers. */
function fill(data: string, outside: string): void {
  writeFileSync(join(data, 'a.txt'), 'line1\nline2\nline3\n');
  writeFileSync(join(data, 'crlf.txt'), 'one\r\ntwo\r\nthree\r\n');
  writeFileSync(join(data, 'noeol.txt'), 'x\ny\nz');
  writeFileSync(join(data, 'empty.txt'), '');
  writeFileSync(join(data, 'unicode.txt'), 'héllo ✓ 日本\n');
  writeFileSync(join(data, 'code.ts'), 'function f() {\n    const a = 1;\n    return a;\n}\n');
  writeFileSync(join(data, 'ticks.md'), 'has ``` fences\n');
  mkdirSync(join(data, 'sub', 'deep'), { recursive: true });
  writeFileSync(join(data, 'sub', 'b.json'), '{"k": 1}\n');
  writeFileSync(join(data, 'sub', 'deep', 'c.md'), '# c\n');
  mkdirSync(join(data, 'node_modules', 'x'), { recursive: true });
  writeFileSync(join(data, 'node_modules', 'x', 'i.js'), '1\n');
  writeFileSync(join(data, 'img.png'), PNG);
  writeFileSync(join(data, 'sound.wav'), Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'));
  writeFileSync(join(data, 'blob.bin'), Buffer.from([1, 2, 3, 250, 251]));
  symlinkSync(join(data, 'a.txt'), join(data, 'link-inside'));
  symlinkSync(join(outside, 'secret.txt'), join(data, 'link-outside'));
}

/** The script: [tool, arguments], in order (later calls see earlier writes). */
const SCRIPT: [string, Record<string, unknown>][] = [
  ['list_allowed_directories', {}],
  ['read_text_file', { path: 'a.txt' }],
  ['read_file', { path: 'a.txt' }],
  ['read_text_file', { path: 'a.txt', head: 2 }],
  ['read_text_file', { path: 'a.txt', tail: 2 }],
  ['read_text_file', { path: 'a.txt', head: 0 }],
  ['read_text_file', { path: 'a.txt', head: 99 }],
  ['read_text_file', { path: 'crlf.txt', tail: 2 }],
  ['read_text_file', { path: 'crlf.txt', head: 2 }],
  ['read_text_file', { path: 'noeol.txt', tail: 1 }],
  ['read_text_file', { path: 'noeol.txt', head: 2 }],
  ['read_text_file', { path: 'empty.txt' }],
  ['read_text_file', { path: 'empty.txt', tail: 3 }],
  ['read_text_file', { path: 'unicode.txt' }],
  ['read_text_file', { path: 'link-inside' }],
  ['read_text_file', { path: 'a.txt', head: 1, tail: 1 }],
  ['read_text_file', { path: 'missing.txt' }],
  ['read_text_file', { path: 'no/such/dir/file.txt' }],
  ['read_text_file', { path: 'sub' }],
  ['read_text_file', { path: '../outside/secret.txt' }],
  ['read_text_file', { path: 'link-outside' }],
  ['read_media_file', { path: 'img.png' }],
  ['read_media_file', { path: 'sound.wav' }],
  ['read_media_file', { path: 'blob.bin' }],
  ['read_media_file', { path: 'missing.png' }],
  ['read_multiple_files', { paths: ['a.txt', 'missing.txt', 'sub/b.json', '../outside/secret.txt'] }],
  ['write_file', { path: 'new.txt', content: 'fresh\n' }],
  ['read_text_file', { path: 'new.txt' }],
  ['write_file', { path: 'a.txt', content: 'line1\nline2\nline3\nline4\n' }],
  ['write_file', { path: 'no/such/dir/file.txt', content: 'x' }],
  ['edit_file', { path: 'a.txt', edits: [{ oldText: 'line2', newText: 'LINE2' }], dryRun: true }],
  ['read_text_file', { path: 'a.txt' }],
  [
    'edit_file',
    {
      path: 'a.txt',
      edits: [
        { oldText: 'line2', newText: 'LINE2' },
        { oldText: 'line4\n', newText: '' },
      ],
    },
  ],
  ['read_text_file', { path: 'a.txt' }],
  ['edit_file', { path: 'code.ts', edits: [{ oldText: 'const a = 1;\nreturn a;', newText: 'const b = 2;\n  return b;' }] }],
  ['read_text_file', { path: 'code.ts' }],
  ['edit_file', { path: 'ticks.md', edits: [{ oldText: 'has', newText: 'had' }] }],
  ['edit_file', { path: 'a.txt', edits: [{ oldText: 'not there', newText: 'x' }] }],
  ['create_directory', { path: 'made/one/two' }],
  ['create_directory', { path: 'made' }],
  ['create_directory', { path: 'a.txt' }],
  ['list_directory', { path: 'sub' }],
  ['list_directory', { path: 'a.txt' }],
  ['list_directory_with_sizes', { path: 'sub' }],
  ['list_directory_with_sizes', { path: 'sub', sortBy: 'size' }],
  ['directory_tree', { path: 'sub' }],
  ['directory_tree', { path: 'made' }],
  ['directory_tree', { path: '.', excludePatterns: ['node_modules', '*.png', 'sub/deep'] }],
  ['move_file', { source: 'new.txt', destination: 'made/new.txt' }],
  ['move_file', { source: 'made/new.txt', destination: 'a.txt' }],
  ['move_file', { source: 'missing.txt', destination: 'elsewhere.txt' }],
  ['move_file', { source: 'made/one', destination: 'made/uno' }],
  ['search_files', { path: '.', pattern: '**/*.md' }],
  ['search_files', { path: '.', pattern: '*.txt' }],
  ['search_files', { path: '.', pattern: '**/*.js', excludePatterns: ['node_modules/**'] }],
  ['search_files', { path: '.', pattern: '**/*.nothing' }],
  ['search_files', { path: 'sub', pattern: '**' }],
  ['get_file_info', { path: 'sub/b.json' }],
  ['get_file_info', { path: 'sub' }],
  ['get_file_info', { path: 'missing.txt' }],
];

interface Side {
  readonly tree: Tree;
  readonly client: McpClient;
}

let official: Side;
let ours: Side;

async function start(args: (data: string) => string[]): Promise<Side> {
  const tree = makeTree();
  fill(tree.data, tree.outside);
  return { tree, client: await connectProcess(args(tree.data)) };
}

beforeAll(async () => {
  [official, ours] = await Promise.all([start((data) => [OFFICIAL, data]), start((data) => [CLI, 'serve', 'filesystem', data])]);
});

afterAll(async () => {
  for (const side of [official, ours]) {
    await side.client.close();
    side.tree.cleanup();
  }
});

const DATE = /[A-Z][a-z]{2} [A-Z][a-z]{2} \d{2} \d{4} \d{2}:\d{2}:\d{2} GMT[+-]\d{4} \([^)]*\)/g;

/** What a call returned, with the tree's location and the times taken out. */
function normalized(seen: Seen, tree: Tree): unknown {
  const clean = (text: string): string => text.split(tree.root).join('<TREE>').replace(DATE, '<DATE>');
  return JSON.parse(clean(JSON.stringify({ isError: seen.isError, texts: seen.texts, structured: seen.structured })));
}

describe('ours and the official filesystem server, call by call', () => {
  it('list the same tools with the same arguments', async () => {
    const shape = (tools: readonly Tool[]) =>
      tools.map((t) => ({
        name: t.name,
        title: t.title,
        properties: Object.keys(t.inputSchema.properties ?? {}),
        required: t.inputSchema.required ?? [],
        readOnly: t.annotations?.readOnlyHint,
        output: Object.keys((t.outputSchema?.properties ?? {}) as object),
      }));
    const [a, b] = await Promise.all([official.client.listTools(), ours.client.listTools()]);
    expect(shape(b.tools)).toEqual(shape(a.tools));
  });

  it('answer the script alike', async () => {
    const differences: string[] = [];
    for (const [name, args] of SCRIPT) {
      const [a, b] = await Promise.all([call(official.client, name, args), call(ours.client, name, args)]);
      const expected = normalized(a, official.tree);
      const actual = normalized(b, ours.tree);
      if (JSON.stringify(actual) !== JSON.stringify(expected))
        differences.push(
          `${name} ${JSON.stringify(args)}\n  official: ${JSON.stringify(expected)}\n  ours:     ${JSON.stringify(actual)}`,
        );
    }
    expect(differences.join('\n')).toBe('');
  });
});
