import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../store/open.js';
import { KnowledgeGraph } from './knowledgeGraph.js';
import type { Entity, Graph } from './model.js';

let dir: string;
let db: Db;
let graph: KnowledgeGraph;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpkit-graph-'));
  db = openDatabase(join(dir, 'g.db'));
  graph = new KnowledgeGraph(db);
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The official server's search, over a whole graph. */
function officialSearch(whole: Graph, query: string): Graph {
  const q = query.toLowerCase();
  const hit = (t: string) => t.toLowerCase().includes(q);
  const entities = whole.entities.filter((e) => hit(e.name) || hit(e.entityType) || e.observations.some(hit));
  const names = new Set(entities.map((e) => e.name));
  return { entities, relations: whole.relations.filter((r) => names.has(r.from) || names.has(r.to)) };
}

describe('KnowledgeGraph', () => {
  it('skips existing names and relations, and counts a repeat within a call once', () => {
    expect(
      graph.createEntities([
        { name: 'a', entityType: 't', observations: ['x', 'x', 'y'] },
        { name: 'a', entityType: 'u', observations: [] },
      ]),
    ).toEqual([{ name: 'a', entityType: 't', observations: ['x', 'y'] }]);
    expect(graph.createEntities([{ name: 'a', entityType: 'v', observations: [] }])).toEqual([]);
    const r = { from: 'a', to: 'ghost', relationType: 'knows' };
    expect(graph.createRelations([r, r])).toEqual([r]);
    expect(graph.createRelations([r])).toEqual([]);
  });

  it('adds observations all or nothing', () => {
    graph.createEntities([{ name: 'a', entityType: 't', observations: ['x'] }]);
    expect(() =>
      graph.addObservations([
        { entityName: 'a', contents: ['y'] },
        { entityName: 'nope', contents: ['z'] },
      ]),
    ).toThrow('Entity with name nope not found');
    expect(graph.readGraph().entities[0]?.observations).toEqual(['x']);
    expect(graph.addObservations([{ entityName: 'a', contents: ['x', 'y'] }])).toEqual([
      { entityName: 'a', addedObservations: ['y'] },
    ]);
  });

  it('deletes entities with their relations, in insertion order afterwards', () => {
    graph.createEntities(['a', 'b', 'c'].map((name) => ({ name, entityType: 't', observations: [] })));
    graph.createRelations([
      { from: 'a', to: 'b', relationType: 'r' },
      { from: 'b', to: 'c', relationType: 'r' },
      { from: 'x', to: 'b', relationType: 'r' },
      { from: 'c', to: 'a', relationType: 'r' },
    ]);
    graph.deleteEntities(['b']);
    graph.createEntities([{ name: 'b', entityType: 'new', observations: [] }]);
    expect(graph.readGraph()).toEqual({
      entities: [
        { name: 'a', entityType: 't', observations: [] },
        { name: 'c', entityType: 't', observations: [] },
        { name: 'b', entityType: 'new', observations: [] },
      ],
      relations: [{ from: 'c', to: 'a', relationType: 'r' }],
    });
  });

  it('searches exactly as the official server does, indexed or not', () => {
    const words = ['Ada', 'ENGINE', 'café', 'Ünïcode', 'quote"d', "it's", 'a b', '日本語', '😀x', 'ab'];
    const entities: Entity[] = [];
    for (let i = 0; i < 60; i++) {
      const pick = (k: number) => words[(i * 7 + k * 3) % words.length] ?? '';
      entities.push({ name: `${pick(0)} ${String(i)}`, entityType: pick(1), observations: [pick(2), `${pick(3)}-${pick(4)}`] });
    }
    graph.createEntities(entities);
    graph.createRelations(entities.slice(1).map((e, i) => ({ from: entities[i]?.name ?? '', to: e.name, relationType: 'next' })));
    graph.deleteObservations([{ entityName: entities[3]?.name ?? '', observations: [entities[3]?.observations[0] ?? ''] }]);
    const whole = graph.readGraph();
    for (const query of [
      '',
      'a',
      'AD',
      'ada',
      'engine',
      'É',
      'CAFÉ',
      'quote"',
      "'s",
      'a b',
      '日本',
      '😀',
      'x-a',
      '1',
      '12',
      'none at all',
      '"',
      'ne-c',
    ]) {
      expect(graph.searchNodes(query), JSON.stringify(query)).toEqual(officialSearch(whole, query));
    }
  });

  it('opens named entities with every relation that touches them', () => {
    graph.createEntities(['a', 'b'].map((name) => ({ name, entityType: 't', observations: [] })));
    graph.createRelations([
      { from: 'a', to: 'z', relationType: 'r' },
      { from: 'y', to: 'b', relationType: 'r' },
    ]);
    expect(graph.openNodes(['b', 'z', 'a'])).toEqual({
      entities: [
        { name: 'a', entityType: 't', observations: [] },
        { name: 'b', entityType: 't', observations: [] },
      ],
      relations: [
        { from: 'a', to: 'z', relationType: 'r' },
        { from: 'y', to: 'b', relationType: 'r' },
      ],
    });
  });
});
