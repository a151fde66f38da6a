/**
 * The search index: one FTS5 row per entity (row id = entity id) holding its
 * name, type and observations, lower-cased as JavaScript lower-cases them.
 * A query of three characters or more is a trigram phrase query, which finds
 * exactly the rows that contain it; shorter queries cannot use trigrams and
 * scan the indexed text instead. Either way the official predicate is applied to what comes back, so
 * the index can only make `search_nodes` faster, never different.
 *
 * @module
 */
import type { Db } from '../store/open.js';
import { prepared } from '../store/prepared.js';

/** Separates an entity's texts in its row (a query spanning two is caught by the final check). */
const SEPARATOR = '\u001e';

/** The text indexed for an entity. */
export function searchText(name: string, entityType: string, observations: readonly string[]): string {
  return [name, entityType, ...observations].map((t) => t.toLowerCase()).join(SEPARATOR);
}

/** (Re)indexes entity `id` from the database's current content. */
export function reindex(db: Db, id: number): void {
  const row = prepared(db, 'SELECT name, entity_type FROM entities WHERE id = ?').get(id) as
    { name: string; entity_type: string } | undefined;
  prepared(db, 'DELETE FROM search WHERE rowid = ?').run(id);
  if (row === undefined) return;
  const observations = prepared(db, 'SELECT content FROM observations WHERE entity_id = ? ORDER BY id').values(id) as string[];
  prepared(db, 'INSERT INTO search (rowid, text) VALUES (?, ?)').run(id, searchText(row.name, row.entity_type, observations));
}

/** Removes entities from the index. */
export function unindex(db: Db, ids: readonly number[]): void {
  const statement = prepared(db, 'DELETE FROM search WHERE rowid = ?');
  for (const id of ids) statement.run(id);
}

/**
 * The ids of the entities whose indexed text contains `lowered`, in order (a
 * superset of the matches: a hit may straddle two of an entity's texts).
 * Three characters or more: a trigram phrase query. Fewer: a scan of the
 * indexed text, in SQLite rather than over loaded entities.
 */
export function candidates(db: Db, lowered: string): number[] {
  // Trigrams need three characters (code points, not UTF-16 units).
  if (/^.{0,2}$/su.test(lowered))
    return prepared(db, 'SELECT rowid FROM search WHERE instr(text, ?) > 0 ORDER BY rowid').values(lowered) as number[];
  const phrase = `"${lowered.replace(/"/g, '""')}"`;
  return prepared(db, 'SELECT rowid FROM search WHERE search MATCH ? ORDER BY rowid').values(phrase) as number[];
}
