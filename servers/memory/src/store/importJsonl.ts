/**
 * Importing the official server's memory file (JSON Lines: one
 * `{"type":"entity",…}` or `{"type":"relation",…}` per line). The file is
 * read, never changed or removed. Its content is merged into the database
 * in one transaction: new entities and relations are added, and existing
 * entities gain the observations they lack. A file is imported once per
 * content (its SHA-256 is recorded), so a file the official server changed
 * since is merged again on the next start. A line that is not a valid entity
 * or relation is reported and skipped, never fatal.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { entity, relation, type Entity, type Relation } from '../graph/model.js';
import { reindex } from '../graph/searchIndex.js';
import { createEntities, createRelations, idOf, insertObservations } from '../graph/writes.js';
import type { Db } from './open.js';
import { prepared } from './prepared.js';

/** What an import did. */
export interface ImportReport {
  /** The file. */
  readonly source: string;
  /** False if this very content had been imported before (nothing was done). */
  readonly imported: boolean;
  /** Entities and relations in the file. */
  readonly entities: number;
  readonly relations: number;
  /** Lines that were neither (reported through `warn`). */
  readonly skippedLines: number;
}

function isStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

/** The entities and relations of a JSONL text, and the numbers of the lines that are neither. */
export function parseJsonl(text: string): { entities: Entity[]; relations: Relation[]; bad: number[] } {
  const entities: Entity[] = [];
  const relations: Relation[] = [];
  const bad: number[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let item: Record<string, unknown> | undefined;
    try {
      const parsed: unknown = JSON.parse(line);
      if (typeof parsed === 'object' && parsed !== null) item = parsed as Record<string, unknown>;
    } catch {
      // reported below
    }
    const { type, name, entityType, observations, from, to, relationType } = item ?? {};
    if (type === 'entity' && typeof name === 'string' && typeof entityType === 'string')
      entities.push(entity(name, entityType, isStrings(observations) ? observations : []));
    else if (type === 'relation' && typeof from === 'string' && typeof to === 'string' && typeof relationType === 'string')
      relations.push(relation(from, to, relationType));
    else bad.push(i + 1);
  });
  return { entities, relations, bad };
}

/** Merges the file at `path` into `db` (if it exists and this content is new to the database). */
export function importJsonl(db: Db, path: string, warn: (line: string) => void): ImportReport | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
    throw error;
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const { entities, relations, bad } = parseJsonl(bytes.toString('utf8'));
  const counts = { source: path, entities: entities.length, relations: relations.length, skippedLines: bad.length };
  const done = prepared(db, 'SELECT 1 FROM imports WHERE source = ? AND sha256 = ?');
  if (done.value(path, sha256) !== undefined) return { ...counts, imported: false };
  for (const line of bad.slice(0, 10)) warn(`${path}:${String(line)}: not an entity or a relation; skipped`);
  if (bad.length > 10) warn(`${path}: ${String(bad.length - 10)} more lines skipped`);
  db.transaction('immediate', () => {
    if (done.value(path, sha256) !== undefined) return;
    createEntities(db, entities);
    for (const e of entities) {
      const id = idOf(db, e.name);
      if (id !== undefined && insertObservations(db, id, e.observations).length > 0) reindex(db, id);
    }
    createRelations(db, relations);
    prepared(
      db,
      'INSERT INTO imports (source, sha256, imported_at, entities, relations, skipped_lines) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(path, sha256, new Date().toISOString(), entities.length, relations.length, bad.length);
  });
  return { ...counts, imported: true };
}
