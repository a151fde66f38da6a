/**
 * Prepared statements, compiled once per connection and kept.
 *
 * @module
 */
import type { Statement } from './driver.js';
import type { Db } from './open.js';

const cache = new WeakMap<Db, Map<string, Statement>>();

/** The statement for `sql` on `db`, prepared on first use. */
export function prepared(db: Db, sql: string): Statement {
  let statements = cache.get(db);
  if (statements === undefined) cache.set(db, (statements = new Map<string, Statement>()));
  let statement = statements.get(sql);
  if (statement === undefined) statements.set(sql, (statement = db.prepare(sql)));
  return statement;
}
