/**
 * The better-sqlite3 driver. The addon is loaded on first use, not on
 * import: it is compiled for one Node ABI, and a Node of another major
 * cannot load it, in which case the other driver is used instead.
 *
 * @module
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { inTransaction, type Connection, type RunResult, type SqlParam, type Statement } from './driver.js';

type Database = BetterSqlite3.Database;
type DatabaseConstructor = new (path: string) => Database;

class BetterStatement implements Statement {
  readonly #db: Database;
  readonly #sql: string;
  readonly #rows: BetterSqlite3.Statement;
  /** The same statement returning only the first column (made when first asked for: writes cannot pluck). */
  #firsts: BetterSqlite3.Statement | undefined;

  constructor(db: Database, sql: string) {
    this.#db = db;
    this.#sql = sql;
    this.#rows = db.prepare(sql);
  }

  #plucked(): BetterSqlite3.Statement {
    return (this.#firsts ??= this.#db.prepare(this.#sql).pluck());
  }

  run(...params: readonly SqlParam[]): RunResult {
    return this.#rows.run(...params);
  }
  get(...params: readonly SqlParam[]): unknown {
    return this.#rows.get(...params);
  }
  all(...params: readonly SqlParam[]): unknown[] {
    return this.#rows.all(...params);
  }
  value(...params: readonly SqlParam[]): unknown {
    return this.#plucked().get(...params);
  }
  values(...params: readonly SqlParam[]): unknown[] {
    return this.#plucked().all(...params);
  }
}

class BetterConnection implements Connection {
  readonly driver = 'better-sqlite3';
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  get isOpen(): boolean {
    return this.#db.open;
  }
  prepare(sql: string): Statement {
    return new BetterStatement(this.#db, sql);
  }
  exec(sql: string): void {
    this.#db.exec(sql);
  }
  transaction<T>(mode: 'deferred' | 'immediate', work: () => T): T {
    return inTransaction((sql) => this.#db.exec(sql), mode, work);
  }
  close(): void {
    this.#db.close();
  }
}

let loaded: DatabaseConstructor | Error | undefined;

/**
 * better-sqlite3's constructor, or why it cannot be used here. Opening an
 * in-memory database proves the addon loads (the package itself loads it
 * only then).
 */
function load(): DatabaseConstructor | Error {
  if (loaded !== undefined) return loaded;
  try {
    const Database = createRequire(import.meta.url)('better-sqlite3') as DatabaseConstructor;
    new Database(':memory:').close();
    loaded = Database;
  } catch (error) {
    loaded = error instanceof Error ? error : new TypeError(String(error));
  }
  return loaded;
}

/** What {@link betterSqlite3Problem} says when the package is not installed at all (an optional peer). */
export const BETTER_SQLITE3_ABSENT = 'better-sqlite3 is not installed';

/** Why better-sqlite3 cannot be loaded, in a few words (undefined if it can). */
export function betterSqlite3Problem(): string | undefined {
  const result = load();
  if (!(result instanceof Error)) return undefined;
  const { message } = result;
  const code = (result as { code?: unknown }).code;
  const abi = /NODE_MODULE_VERSION (\d+)[\s\S]*NODE_MODULE_VERSION (\d+)/.exec(message);
  if (abi !== null)
    return `better-sqlite3 was built for another Node (ABI ${abi[1] ?? '?'}; Node ${process.versions.node} needs ${abi[2] ?? '?'})`;
  if (code === 'MODULE_NOT_FOUND' && message.includes("'better-sqlite3'")) return BETTER_SQLITE3_ABSENT;
  if (message.includes('Could not locate the bindings file')) return 'better-sqlite3 has no compiled addon';
  return `better-sqlite3 failed to load (${message.split('\n')[0] ?? ''})`;
}

/** Opens `path` with better-sqlite3 (call {@link betterSqlite3Problem} first). */
export function openBetterSqlite3(path: string): Connection {
  const Database = load();
  if (Database instanceof Error) throw Database;
  return new BetterConnection(new Database(path));
}
