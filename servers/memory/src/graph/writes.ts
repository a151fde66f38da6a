/**
 * Changing the graph. Each function runs inside the caller's transaction and
 * keeps the search index in step. The rules are the official server's:
 * existing names and relations are skipped, observations are only added to
 * entities that exist, deleting is silent about what is not there. Within
 * one call a name, relation or observation given twice counts once (the
 * official server would store it twice).
 *
 * @module
 */
import { ToolError } from 'mcpkit/server';
import type { Db } from '../store/open.js';
import { prepared } from '../store/prepared.js';
import {
  entity,
  firstOfEach,
  relation,
  type Entity,
  type ObservationAddition,
  type ObservationDeletion,
  type ObservationsAdded,
  type Relation,
} from './model.js';
import { reindex, unindex } from './searchIndex.js';

/** The id of the entity named `name`, if there is one. */
export function idOf(db: Db, name: string): number | undefined {
  return prepared(db, 'SELECT id FROM entities WHERE name = ?').value(name) as number | undefined;
}

/** Inserts observations of entity `id` it does not have yet; returns those inserted, in order. */
export function insertObservations(db: Db, id: number, contents: readonly string[]): string[] {
  const insert = prepared(db, 'INSERT OR IGNORE INTO observations (entity_id, content) VALUES (?, ?)');
  return contents.filter((content) => insert.run(id, content).changes === 1);
}

/** Creates the entities whose names are new; returns them. */
export function createEntities(db: Db, entities: readonly Entity[]): Entity[] {
  const insert = prepared(db, 'INSERT OR IGNORE INTO entities (name, entity_type) VALUES (?, ?)');
  const created: Entity[] = [];
  for (const e of firstOfEach(entities, (x) => x.name)) {
    const { changes, lastInsertRowid } = insert.run(e.name, e.entityType);
    if (changes === 0) continue;
    const id = Number(lastInsertRowid);
    insertObservations(db, id, e.observations);
    reindex(db, id);
    created.push(
      entity(
        e.name,
        e.entityType,
        firstOfEach(e.observations, (o) => o),
      ),
    );
  }
  return created;
}

/** Creates the relations that are new; returns them. */
export function createRelations(db: Db, relations: readonly Relation[]): Relation[] {
  const insert = prepared(db, 'INSERT OR IGNORE INTO relations (from_name, to_name, relation_type) VALUES (?, ?, ?)');
  return relations
    .filter((r) => insert.run(r.from, r.to, r.relationType).changes === 1)
    .map((r) => relation(r.from, r.to, r.relationType));
}

/** Adds observations to existing entities; an unknown entity fails the whole call (nothing is added). */
export function addObservations(db: Db, additions: readonly ObservationAddition[]): ObservationsAdded[] {
  return additions.map((a) => {
    const id = idOf(db, a.entityName);
    if (id === undefined) throw new ToolError(`Entity with name ${a.entityName} not found`);
    const added = insertObservations(db, id, a.contents);
    if (added.length > 0) reindex(db, id);
    return { entityName: a.entityName, addedObservations: added };
  });
}

/** Deletes entities and every relation from or to their names. */
export function deleteEntities(db: Db, names: readonly string[]): void {
  const json = JSON.stringify(names);
  const ids = prepared(db, 'SELECT id FROM entities WHERE name IN (SELECT value FROM json_each(?))').values(json) as number[];
  prepared(db, 'DELETE FROM entities WHERE name IN (SELECT value FROM json_each(?))').run(json);
  prepared(
    db,
    'DELETE FROM relations WHERE from_name IN (SELECT value FROM json_each(@names)) OR to_name IN (SELECT value FROM json_each(@names))',
  ).run({ names: json });
  unindex(db, ids);
}

/** Deletes observations from entities (unknown entities and observations are ignored). */
export function deleteObservations(db: Db, deletions: readonly ObservationDeletion[]): void {
  const remove = prepared(db, 'DELETE FROM observations WHERE entity_id = ? AND content IN (SELECT value FROM json_each(?))');
  for (const d of deletions) {
    const id = idOf(db, d.entityName);
    if (id === undefined) continue;
    if (remove.run(id, JSON.stringify(d.observations)).changes > 0) reindex(db, id);
  }
}

/** Deletes relations (unknown ones are ignored). */
export function deleteRelations(db: Db, relations: readonly Relation[]): void {
  const remove = prepared(db, 'DELETE FROM relations WHERE from_name = ? AND to_name = ? AND relation_type = ?');
  for (const r of relations) remove.run(r.from, r.to, r.relationType);
}
