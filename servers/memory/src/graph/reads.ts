/**
 * Reading the graph: all of it, the entities a query matches, or named
 * entities, each with the relations that touch them. Everything is listed in
 * insertion order, as the official server lists it.
 *
 * @module
 */
import type { Db } from '../store/open.js';
import { prepared } from '../store/prepared.js';
import { entity, relation, type Entity, type Graph, type Relation } from './model.js';
import { candidates } from './searchIndex.js';

interface EntityRow {
  id: number;
  name: string;
  entity_type: string;
}

interface RelationRow {
  from_name: string;
  to_name: string;
  relation_type: string;
}

/** Entities (all of them, or those with the given ids) with their observations, in order. */
function loadEntities(db: Db, ids: readonly number[] | undefined): Entity[] {
  const rows = (
    ids === undefined
      ? prepared(db, 'SELECT id, name, entity_type FROM entities ORDER BY id').all()
      : prepared(db, 'SELECT id, name, entity_type FROM entities WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id').all(
          JSON.stringify(ids),
        )
  ) as EntityRow[];
  const byId = new Map<number, Entity>();
  for (const row of rows) byId.set(row.id, entity(row.name, row.entity_type, []));
  const observations = (
    ids === undefined
      ? prepared(db, 'SELECT entity_id, content FROM observations ORDER BY id').all()
      : prepared(
          db,
          'SELECT entity_id, content FROM observations WHERE entity_id IN (SELECT value FROM json_each(?)) ORDER BY id',
        ).all(JSON.stringify(ids))
  ) as { entity_id: number; content: string }[];
  for (const o of observations) byId.get(o.entity_id)?.observations.push(o.content);
  return [...byId.values()];
}

function toRelation(row: RelationRow): Relation {
  return relation(row.from_name, row.to_name, row.relation_type);
}

/** The relations with at least one end among `names`, in order. */
function relationsTouching(db: Db, names: readonly string[]): Relation[] {
  if (names.length === 0) return [];
  const json = JSON.stringify(names);
  const rows = prepared(
    db,
    `SELECT from_name, to_name, relation_type FROM relations
       WHERE from_name IN (SELECT value FROM json_each(@names)) OR to_name IN (SELECT value FROM json_each(@names))
       ORDER BY id`,
  ).all({ names: json }) as RelationRow[];
  return rows.map(toRelation);
}

/** The whole graph. */
export function readGraph(db: Db): Graph {
  const entities = loadEntities(db, undefined);
  const rows = prepared(db, 'SELECT from_name, to_name, relation_type FROM relations ORDER BY id').all() as RelationRow[];
  return { entities, relations: rows.map(toRelation) };
}

function subgraph(db: Db, entities: Entity[]): Graph {
  return {
    entities,
    relations: relationsTouching(
      db,
      entities.map((e) => e.name),
    ),
  };
}

/**
 * The entities whose name, type or any observation contains `query`
 * (ignoring case), and the relations touching them.
 */
export function searchNodes(db: Db, query: string): Graph {
  const lowered = query.toLowerCase();
  const matches = (text: string): boolean => text.toLowerCase().includes(lowered);
  const found = loadEntities(db, candidates(db, lowered)).filter(
    (e) => matches(e.name) || matches(e.entityType) || e.observations.some(matches),
  );
  return subgraph(db, found);
}

/** The entities with the given names (those that exist), and the relations touching them. */
export function openNodes(db: Db, names: readonly string[]): Graph {
  const ids = prepared(db, 'SELECT id FROM entities WHERE name IN (SELECT value FROM json_each(?)) ORDER BY id').values(
    JSON.stringify(names),
  ) as number[];
  return subgraph(db, ids.length === 0 ? [] : loadEntities(db, ids));
}
