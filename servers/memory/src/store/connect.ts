/**
 * Choosing the SQLite driver. better-sqlite3 is preferred when installed (it
 * runs on Node 20 too, and Node still calls its own SQLite experimental).
 * It is an optional peer of mcpkit and of this server (a native addon, kept
 * out of an install that does not ask for it), so on Node 22.13 and later
 * `node:sqlite` serves without a word when better-sqlite3 is absent, and with
 * a one-line notice when it is installed but cannot be loaded (built for
 * another Node, or never built). If neither can, the error is one line
 * saying what to do. `MCPKIT_MEMORY_DRIVER` forces one (the tests run the
 * whole suite on each).
 *
 * @module
 */
import { LocalError } from 'mcpkit/jsonrpc';
import { BETTER_SQLITE3_ABSENT, betterSqlite3Problem, openBetterSqlite3 } from './betterSqlite3.js';
import type { Connection, DriverChoice } from './driver.js';
import { nodeSqliteProblem, openNodeSqlite } from './nodeSqlite.js';

const CHOICES: readonly DriverChoice[] = ['auto', 'better-sqlite3', 'node-sqlite'];

/** The environment variable that forces a driver. */
export const DRIVER_ENV = 'MCPKIT_MEMORY_DRIVER';

/** The driver `MCPKIT_MEMORY_DRIVER` asks for (`auto` if unset or empty). */
export function driverFromEnv(env: Readonly<Record<string, string | undefined>>): DriverChoice {
  const value = env[DRIVER_ENV];
  if (value === undefined || value === '') return 'auto';
  const choice = CHOICES.find((c) => c === value);
  if (choice === undefined)
    throw new LocalError('INVALID_ARGUMENT', `${DRIVER_ENV} must be one of ${CHOICES.join(', ')}, not ${JSON.stringify(value)}`);
  return choice;
}

const REBUILD = 'run "npm rebuild better-sqlite3" with the Node that runs the server';
const INSTALL =
  'install better-sqlite3 beside mcpkit ("npm install better-sqlite3", or "npx -p mcpkit -p better-sqlite3 mcpkit serve memory")';
const NEWER_NODE = 'use Node 22.13 or later';

/**
 * Opens `path` with the chosen driver. `notice` hears (one line) that
 * better-sqlite3 could not be loaded and `node:sqlite` is used instead.
 */
export function connect(path: string, choice: DriverChoice, notice: (line: string) => void = () => undefined): Connection {
  if (choice === 'better-sqlite3') {
    const problem = betterSqlite3Problem();
    if (problem !== undefined) throw new LocalError('NOT_SUPPORTED', `${problem}: ${REBUILD}`);
    return openBetterSqlite3(path);
  }
  if (choice === 'node-sqlite') {
    const problem = nodeSqliteProblem();
    if (problem !== undefined) throw new LocalError('NOT_SUPPORTED', `${problem}: ${NEWER_NODE}, or use better-sqlite3`);
    return openNodeSqlite(path);
  }
  const better = betterSqlite3Problem();
  if (better === undefined) return openBetterSqlite3(path);
  const absent = better === BETTER_SQLITE3_ABSENT;
  const node = nodeSqliteProblem();
  if (node !== undefined)
    throw new LocalError(
      'NOT_SUPPORTED',
      `no SQLite driver can be loaded: ${better}, and ${node}; ${absent ? INSTALL : REBUILD}, or ${NEWER_NODE}`,
    );
  if (!absent) notice(`${better}; using node:sqlite instead (to use better-sqlite3 again, ${REBUILD})`);
  return openNodeSqlite(path);
}
