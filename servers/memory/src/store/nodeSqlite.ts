/**
 * The `node:sqlite` driver: SQLite built into Node (22.13 and later without
 * a flag; FTS5 with the trigram tokenizer included), so nothing needs
 * compiling. Typed here by the little the store uses, since the Node 20
 * type definitions the project builds with do not have it.
 *
 * @module
 */
import { LocalError } from 'mcpkit/jsonrpc';
import { inTransaction, type Connection, type RunResult, type SqlParam, type Statement } from './driver.js';

interface StatementSync {
  run(...params: readonly SqlParam[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  get(...params: readonly SqlParam[]): Record<string, unknown> | undefined;
  all(...params: readonly SqlParam[]): Record<string, unknown>[];
}

interface DatabaseSync {
  prepare(sql: string): StatementSync;
  exec(sql: string): void;
  close(): void;
}

interface SqliteModule {
  readonly DatabaseSync: new (path: string) => DatabaseSync;
}

/** The first column of a row (rows keep their columns in order). */
function first(row: Record<string, unknown> | undefined): unknown {
  return row === undefined ? undefined : Object.values(row)[0];
}

class NodeStatement implements Statement {
  readonly #statement: StatementSync;

  constructor(statement: StatementSync) {
    this.#statement = statement;
  }

  run(...params: readonly SqlParam[]): RunResult {
    const { changes, lastInsertRowid } = this.#statement.run(...params);
    return { changes: Number(changes), lastInsertRowid };
  }
  get(...params: readonly SqlParam[]): unknown {
    return this.#statement.get(...params);
  }
  all(...params: readonly SqlParam[]): unknown[] {
    return this.#statement.all(...params);
  }
  value(...params: readonly SqlParam[]): unknown {
    return first(this.#statement.get(...params));
  }
  values(...params: readonly SqlParam[]): unknown[] {
    return this.#statement.all(...params).map(first);
  }
}

class NodeConnection implements Connection {
  readonly driver = 'node-sqlite';
  readonly #db: DatabaseSync;
  #open = true;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  get isOpen(): boolean {
    return this.#open;
  }
  prepare(sql: string): Statement {
    return new NodeStatement(this.#db.prepare(sql));
  }
  exec(sql: string): void {
    this.#db.exec(sql);
  }
  transaction<T>(mode: 'deferred' | 'immediate', work: () => T): T {
    return inTransaction(
      (sql) => {
        this.#db.exec(sql);
      },
      mode,
      work,
    );
  }
  close(): void {
    if (!this.#open) return;
    this.#db.close();
    this.#open = false;
  }
}

let loaded: SqliteModule | null | undefined;

/**
 * `node:sqlite`, or null on a Node without it. Node warns that the module is
 * experimental when it is first loaded; that one warning is dropped (it
 * would reach the client's log on every start), any other passes.
 */
function load(): SqliteModule | null {
  if (loaded !== undefined) return loaded;
  // Kept to be put back as it was, and only ever called on `process`.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const emitWarning = process.emitWarning;
  process.emitWarning = (warning: string | Error, ...rest: unknown[]) => {
    if (String(warning).includes('SQLite is an experimental feature')) return;
    Reflect.apply(emitWarning, process, [warning, ...rest]);
  };
  try {
    loaded = (process.getBuiltinModule('node:sqlite') as SqliteModule | undefined) ?? null;
  } finally {
    process.emitWarning = emitWarning;
  }
  return loaded;
}

/** Why `node:sqlite` cannot be used, in a few words (undefined if it can). */
export function nodeSqliteProblem(): string | undefined {
  return load() === null ? `node:sqlite needs Node 22.13 or later (this is Node ${process.versions.node})` : undefined;
}

/** Opens `path` with `node:sqlite` (call {@link nodeSqliteProblem} first). */
export function openNodeSqlite(path: string): Connection {
  const sqlite = load();
  if (sqlite === null) throw new LocalError('NOT_SUPPORTED', nodeSqliteProblem() ?? 'node:sqlite is missing');
  return new NodeConnection(new sqlite.DatabaseSync(path));
}
