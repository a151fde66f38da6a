/**
 * Opening the database so that two processes can share it and a crash loses
 * nothing: write-ahead logging (readers never block the writer), a busy
 * timeout (a second writer waits its turn instead of failing), full syncs
 * (a committed change survives power loss), and foreign keys on.
 *
 * @module
 */
import { closeSync, mkdirSync, openSync, readSync } from 'node:fs';
import { dirname } from 'node:path';
import { LocalError } from 'mcpkit/jsonrpc';
import { connect, driverFromEnv } from './connect.js';
import type { Connection, DriverChoice } from './driver.js';
import { SCHEMA, SCHEMA_VERSION } from './schema.js';

/** An open connection, through whichever driver could be loaded. */
export type Db = Connection;

/** How to open the database. */
export interface OpenOptions {
  /** The SQLite driver (default: `MCPKIT_MEMORY_DRIVER`, else `auto`). */
  readonly driver?: DriverChoice | undefined;
  /** Hears, in one line, that better-sqlite3 could not be loaded and `node:sqlite` stands in. */
  readonly notice?: (line: string) => void;
}

/** How long a writer waits for another process's transaction, in ms. */
export const BUSY_TIMEOUT_MS = 10_000;

const SQLITE_HEADER = 'SQLite format 3\0';

/** True if the file at `path` is an SQLite database (false if it is anything else; undefined if absent). */
export function isSqliteFile(path: string): boolean | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const head = Buffer.alloc(SQLITE_HEADER.length);
    const length = readSync(fd, head, 0, head.length, 0);
    // An empty file is what SQLite itself leaves before its first write.
    return length === 0 || head.toString('latin1') === SQLITE_HEADER;
  } finally {
    closeSync(fd);
  }
}

/** Opens (creating if need be) the database at `path`, with the schema in place. */
export function openDatabase(path: string, options: OpenOptions = {}): Db {
  if (isSqliteFile(path) === false)
    throw new LocalError('INVALID_ARGUMENT', `${path} exists and is not an SQLite database; refusing to touch it`);
  mkdirSync(dirname(path), { recursive: true });
  const db = connect(path, options.driver ?? driverFromEnv(process.env), options.notice);
  try {
    db.exec(`PRAGMA busy_timeout = ${String(BUSY_TIMEOUT_MS)}`);
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = FULL');
    db.exec('PRAGMA foreign_keys = ON');
    db.transaction('immediate', () => {
      const version = Number(db.prepare('PRAGMA user_version').value());
      if (version > SCHEMA_VERSION)
        throw new LocalError('INVALID_ARGUMENT', `${path} was written by a newer version (schema ${String(version)})`);
      db.exec(SCHEMA);
      db.exec(`PRAGMA user_version = ${String(SCHEMA_VERSION)}`);
    });
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
