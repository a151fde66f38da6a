/**
 * The knowledge graph's shapes, as the official memory server has them (and
 * with its key order, which its JSON texts show).
 *
 * @module
 */

/** A node: a named thing, its type, and what is known about it. */
export interface Entity {
  name: string;
  entityType: string;
  observations: string[];
}

/** A directed edge between two entity names, in active voice (`works_at`). */
export interface Relation {
  from: string;
  to: string;
  relationType: string;
}

/** A graph, or part of one. */
export interface Graph {
  entities: Entity[];
  relations: Relation[];
}

/** Observations to add to one entity. */
export interface ObservationAddition {
  entityName: string;
  contents: string[];
}

/** What `add_observations` reports for one entity. */
export interface ObservationsAdded {
  entityName: string;
  addedObservations: string[];
}

/** Observations to remove from one entity. */
export interface ObservationDeletion {
  entityName: string;
  observations: string[];
}

/** An entity with its key order fixed (inputs may carry their keys in any order, and extra ones). */
export function entity(name: string, entityType: string, observations: string[]): Entity {
  return { name, entityType, observations };
}

/** A relation with its key order fixed. */
export function relation(from: string, to: string, relationType: string): Relation {
  return { from, to, relationType };
}

/** The items of `list` whose key (by `keyOf`) comes first in it. */
export function firstOfEach<T>(list: readonly T[], keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return list.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
