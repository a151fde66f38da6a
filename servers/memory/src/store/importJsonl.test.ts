import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KnowledgeGraph } from '../graph/knowledgeGraph.js';
import { importJsonl } from './importJsonl.js';
import { openDatabase, type Db } from './open.js';

let dir: string;
let db: Db;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpkit-import-'));
  db = openDatabase(join(dir, 'm.db'));
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const line = (o: unknown) => JSON.stringify(o);

describe('importJsonl', () => {
  it('merges the file once per content, skipping bad lines, leaving the file as it was', () => {
    const file = join(dir, 'memory.jsonl');
    const text = [
      line({ type: 'entity', name: 'a', entityType: 't', observations: ['x'] }),
      'not json',
      line({ type: 'entity', name: 'a', entityType: 'dup', observations: ['y'] }),
      line({ type: 'relation', from: 'a', to: 'b', relationType: 'r' }),
      line({ type: 'mystery' }),
      '',
    ].join('\n');
    writeFileSync(file, text);
    const warnings: string[] = [];
    expect(importJsonl(db, file, (w) => warnings.push(w))).toMatchObject({
      imported: true,
      entities: 2,
      relations: 1,
      skippedLines: 2,
    });
    expect(warnings).toEqual([
      `${file}:2: not an entity or a relation; skipped`,
      `${file}:5: not an entity or a relation; skipped`,
    ]);
    expect(importJsonl(db, file, () => undefined)).toMatchObject({ imported: false });
    const graph = new KnowledgeGraph(db);
    expect(graph.readGraph()).toEqual({
      entities: [{ name: 'a', entityType: 't', observations: ['x', 'y'] }],
      relations: [{ from: 'a', to: 'b', relationType: 'r' }],
    });
    expect(readFileSync(file, 'utf8')).toBe(text);
    // Changed since (the official server wrote to it again): merged again, nothing lost on either side.
    graph.createEntities([{ name: 'mine', entityType: 't', observations: [] }]);
    writeFileSync(file, `${text}${line({ type: 'entity', name: 'theirs', entityType: 't', observations: [] })}\n`);
    importJsonl(db, file, () => undefined);
    expect(graph.readGraph().entities.map((e) => e.name)).toEqual(['a', 'mine', 'theirs']);
  });

  it('does nothing for a file that is not there', () => {
    expect(importJsonl(db, join(dir, 'none.jsonl'), () => undefined)).toBeUndefined();
  });
});
