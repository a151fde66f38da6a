/**
 * What the store needs of an SQLite binding, and no more: prepared
 * statements (run, one row, all rows, the first column of one or all rows),
 * scripts, transactions and closing. Two drivers implement it:
 * better-sqlite3 (a native addon, built for one Node ABI) and Node's own
 * `node:sqlite` (Node 22.13 and later), so the server runs whichever Node
 * starts it.
 *
 * @module
 */

/** The drivers, by the names `MCPKIT_MEMORY_DRIVER` takes. */
export type DriverName = 'better-sqlite3' | 'node-sqlite';

/** A driver, or `auto`: better-sqlite3 if it loads, else `node:sqlite`. */
export type DriverChoice = DriverName | 'auto';

/** A value SQLite stores. */
export type SqlValue = string | number | bigint | null | Uint8Array;

/** A positional parameter, or an object of named ones (`@name` in the SQL). */
export type SqlParam = SqlValue | Readonly<Record<string, SqlValue>>;

/** What a write did. */
export interface RunResult {
  /** Rows inserted, updated or deleted. */
  readonly changes: number;
  /** The row id of the last insert. */
  readonly lastInsertRowid: number | bigint;
}

/** A prepared statement. */
export interface Statement {
  run(...params: readonly SqlParam[]): RunResult;
  /** The first row (an object keyed by column name), if any. */
  get(...params: readonly SqlParam[]): unknown;
  /** Every row. */
  all(...params: readonly SqlParam[]): unknown[];
  /** The first column of the first row, if any. */
  value(...params: readonly SqlParam[]): unknown;
  /** The first column of every row. */
  values(...params: readonly SqlParam[]): unknown[];
}

/** How a transaction takes its locks: at the first write, or at once (the write lock first). */
export type TransactionMode = 'deferred' | 'immediate';

/** An open database connection. */
export interface Connection {
  /** The driver behind it. */
  readonly driver: DriverName;
  /** False once closed. */
  readonly isOpen: boolean;
  prepare(sql: string): Statement;
  /** Runs SQL statements that return nothing (a schema, a pragma). */
  exec(sql: string): void;
  /** Runs `work` in one transaction: committed if it returns, rolled back if it throws. */
  transaction<T>(mode: TransactionMode, work: () => T): T;
  close(): void;
}

/**
 * `work` inside `BEGIN … COMMIT`, rolled back if it throws. Both drivers use
 * this, so both take locks the same way (the tests run on each).
 */
export function inTransaction<T>(exec: (sql: string) => void, mode: TransactionMode, work: () => T): T {
  exec(mode === 'immediate' ? 'BEGIN IMMEDIATE' : 'BEGIN DEFERRED');
  let result: T;
  try {
    result = work();
    exec('COMMIT');
  } catch (error) {
    try {
      exec('ROLLBACK');
    } catch {
      // SQLite rolled back already (a full disk or an I/O error ends the transaction itself).
    }
    throw error;
  }
  return result;
}
