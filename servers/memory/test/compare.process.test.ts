/**
 * Drop-in: the same scripted calls against the official memory server (from
 * npm, on a JSON Lines file) and ours (on SQLite) give the same texts and
 * structured content, and the same resource. Then ours, pointed at the file
 * the official server wrote (MEMORY_FILE_PATH, as in a config written for
 * it), imports it and reads the same graph.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { McpClient } from 'mcpkit/client';
import type { Tool } from 'mcpkit/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, OFFICIAL, outcome, ours, scratch, spawnServer } from './support.js';

const SCRIPT: [string, Record<string, unknown>][] = [
  ['read_graph', {}],
  ['search_nodes', { query: 'anything' }],
  [
    'create_entities',
    {
      entities: [
        { name: 'Ada', entityType: 'person', observations: ['wrote the first program', 'Likes Mathematics'] },
        { name: 'Babbage', entityType: 'person', observations: ['designed the Analytical Engine'] },
        { name: 'Engine', entityType: 'machine', observations: [] },
      ],
    },
  ],
  [
    'create_entities',
    {
      entities: [
        { name: 'Ada', entityType: 'robot', observations: ['ignored'] },
        { name: 'Menabrea', entityType: 'person', observations: ['wrote in French'] },
      ],
    },
  ],
  [
    'create_relations',
    {
      relations: [
        { from: 'Ada', to: 'Babbage', relationType: 'worked_with' },
        { from: 'Babbage', to: 'Engine', relationType: 'designed' },
        { from: 'Ada', to: 'Nobody', relationType: 'knows' },
        { from: 'Menabrea', to: 'Engine', relationType: 'described' },
      ],
    },
  ],
  ['create_relations', { relations: [{ from: 'Ada', to: 'Babbage', relationType: 'worked_with' }] }],
  ['add_observations', { observations: [{ entityName: 'Ada', contents: ['wrote the first program', 'was a countess'] }] }],
  ['add_observations', { observations: [{ entityName: 'Ghost', contents: ['boo'] }] }],
  ['search_nodes', { query: 'ENGINE' }],
  ['search_nodes', { query: 'mathematics' }],
  ['search_nodes', { query: 'wr' }],
  ['search_nodes', { query: '' }],
  ['search_nodes', { query: 'nothing matches this' }],
  ['open_nodes', { names: ['Babbage', 'Missing'] }],
  ['open_nodes', { names: [] }],
  [
    'delete_observations',
    {
      deletions: [
        { entityName: 'Ada', observations: ['was a countess', 'never there'] },
        { entityName: 'Ghost', observations: ['x'] },
      ],
    },
  ],
  [
    'delete_relations',
    {
      relations: [
        { from: 'Ada', to: 'Nobody', relationType: 'knows' },
        { from: 'x', to: 'y', relationType: 'z' },
      ],
    },
  ],
  ['delete_entities', { entityNames: ['Engine', 'Nobody-at-all'] }],
  ['read_graph', {}],
];

let dir: ReturnType<typeof scratch>;
let official: McpClient;
let mine: McpClient;
const jsonl = (): string => join(dir.dir, 'memory.jsonl');

beforeAll(async () => {
  dir = scratch();
  [official, mine] = await Promise.all([spawnServer([OFFICIAL], { MEMORY_FILE_PATH: jsonl() }), ours(join(dir.dir, 'ours.db'))]);
});

afterAll(async () => {
  await Promise.all([official.close(), mine.close()]);
  dir.cleanup();
});

describe('ours and the official memory server, call by call', () => {
  it('list the same tools with the same arguments and the same resource', async () => {
    const shape = (tools: readonly Tool[]) =>
      tools.map((t) => ({
        name: t.name,
        title: t.title,
        properties: Object.keys(t.inputSchema.properties ?? {}),
        required: t.inputSchema.required ?? [],
        readOnly: t.annotations?.readOnlyHint,
        destructive: t.annotations?.destructiveHint,
        output: Object.keys((t.outputSchema?.properties ?? {}) as object),
      }));
    const [a, b] = await Promise.all([official.listTools(), mine.listTools()]);
    expect(shape(b.tools)).toEqual(shape(a.tools));
    const [ra, rb] = await Promise.all([official.listResources(), mine.listResources()]);
    expect(rb.resources).toEqual(ra.resources);
  });

  it('answer the script alike', async () => {
    const differences: string[] = [];
    for (const [name, args] of SCRIPT) {
      const [a, b] = await Promise.all([outcome(official, name, args), outcome(mine, name, args)]);
      if (JSON.stringify(b) !== JSON.stringify(a))
        differences.push(`${name} ${JSON.stringify(args)}\n  official: ${JSON.stringify(a)}\n  ours:     ${JSON.stringify(b)}`);
    }
    expect(differences.join('\n')).toBe('');
    const [ra, rb] = await Promise.all([
      official.readResource({ uri: 'memory://knowledge-graph' }),
      mine.readResource({ uri: 'memory://knowledge-graph' }),
    ]);
    expect(rb.contents).toEqual(ra.contents);
  });

  it("import the official server's file and read the same graph from it", async () => {
    const before = readFileSync(jsonl(), 'utf8');
    const imported = await spawnServer([CLI, 'serve', 'memory'], { MEMORY_FILE_PATH: jsonl() });
    try {
      expect(await outcome(imported, 'read_graph')).toEqual(await outcome(official, 'read_graph'));
      expect(await outcome(imported, 'search_nodes', { query: 'program' })).toEqual(
        await outcome(official, 'search_nodes', { query: 'program' }),
      );
    } finally {
      await imported.close();
    }
    // The official file is left exactly as it was, beside the database made for it.
    expect(readFileSync(jsonl(), 'utf8')).toBe(before);
    expect(readFileSync(join(dir.dir, 'memory.db')).subarray(0, 15).toString()).toBe('SQLite format 3');
  });
});
