/**
 * Where the graph lives, from `--db FILE` or, for configurations written for
 * the official server, `MEMORY_FILE_PATH`.
 *
 * One rule for either path: an SQLite file is the database; the official
 * server's JSON Lines file (or a path ending in `.jsonl`/`.json` that does
 * not exist yet) puts the database beside it (`memory.jsonl` →
 * `memory.db`) and is imported into it; any other path is the database.
 * With both, `--db` is the database and `MEMORY_FILE_PATH`'s JSONL file is
 * imported into it. With neither: `$XDG_DATA_HOME/mcpkit/memory.db`
 * (`~/.local/share/mcpkit/memory.db`).
 *
 * @module
 */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LocalError } from 'mcpkit/jsonrpc';
import type { DriverChoice } from './store/driver.js';
import { parseResultSize } from './resultLimit.js';
import { isSqliteFile } from './store/open.js';

/** Options of {@link createMemoryServer}. */
export interface MemoryOptions {
  /** The SQLite database file (created if absent). */
  readonly db: string;
  /** An official JSONL memory file to merge in at start (once per content; the file is never changed). */
  readonly importFrom?: string;
  /** How often to look for changes made by other processes, to tell subscribers, in ms (default 2000; 0: never). */
  readonly watchMs?: number;
  /** The SQLite driver (default: `MCPKIT_MEMORY_DRIVER`, else `auto`: better-sqlite3 if it loads, else `node:sqlite`). */
  readonly driver?: DriverChoice | undefined;
  /** Where notices go (default: stderr). */
  readonly warn?: (line: string) => void;
  /** The most bytes of JSON one read (`read_graph`, `search_nodes`, `open_nodes`, the graph resource) answers with (default 16 MiB). */
  readonly maxResultBytes?: number;
}

/** The environment variables read. */
export interface MemoryEnv {
  readonly MEMORY_FILE_PATH?: string | undefined;
  readonly XDG_DATA_HOME?: string | undefined;
  readonly HOME?: string | undefined;
}

/** The database file used when no path is given. */
export function defaultDbPath(env: MemoryEnv): string {
  const data =
    env.XDG_DATA_HOME !== undefined && env.XDG_DATA_HOME !== '' ? env.XDG_DATA_HOME : join(homedir(), '.local', 'share');
  return join(data, 'mcpkit', 'memory.db');
}

const JSONL = /\.jsonl?$/i;

/** The database and the JSONL file (if any) a path names, by the rule above. */
export function storeAt(path: string): { db: string; importFrom?: string } {
  const kind = isSqliteFile(path);
  if (kind === true || (kind === undefined && !JSONL.test(path))) return { db: path };
  const db = JSONL.test(path) ? path.replace(JSONL, '.db') : `${path}.db`;
  return { db, importFrom: path };
}

/** Reads `mcpkit serve memory`'s arguments (`--db FILE`) and environment (`MEMORY_FILE_PATH`). */
export function memoryOptionsFromArgs(args: readonly string[], env: MemoryEnv, cwd: string = process.cwd()): MemoryOptions {
  let db: string | undefined;
  let maxResult: string | undefined;
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      options: { db: { type: 'string' }, 'max-result-size': { type: 'string' } },
      allowPositionals: true,
    });
    if (positionals.length > 0) throw new TypeError(`unexpected argument ${JSON.stringify(positionals[0])}`);
    db = values.db;
    maxResult = values['max-result-size'];
  } catch (error) {
    throw new LocalError('INVALID_ARGUMENT', error instanceof Error ? error.message : String(error));
  }
  if (db === '') throw new LocalError('INVALID_ARGUMENT', '--db needs a file name');
  const limits = maxResult === undefined ? {} : { maxResultBytes: parseResultSize(maxResult) };
  return { ...storeOptions(db, env, cwd), ...limits };
}

/** Where the graph lives, from `--db` and `MEMORY_FILE_PATH` (the rule in the module comment). */
function storeOptions(db: string | undefined, env: MemoryEnv, cwd: string): MemoryOptions {
  const memoryFile =
    env.MEMORY_FILE_PATH === undefined || env.MEMORY_FILE_PATH === '' ? undefined : resolve(cwd, env.MEMORY_FILE_PATH);
  if (db !== undefined) {
    const store = storeAt(resolve(cwd, db));
    const legacy = memoryFile === undefined ? undefined : storeAt(memoryFile).importFrom;
    const importFrom = store.importFrom ?? legacy;
    return importFrom === undefined ? { db: store.db } : { db: store.db, importFrom };
  }
  return memoryFile === undefined ? { db: defaultDbPath(env) } : storeAt(memoryFile);
}
