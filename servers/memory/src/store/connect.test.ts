import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { betterSqlite3Problem } from './betterSqlite3.js';
import { connect, driverFromEnv } from './connect.js';
import type { DriverName } from './driver.js';
import { nodeSqliteProblem } from './nodeSqlite.js';
import { openDatabase } from './open.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpkit-driver-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const problems: Record<DriverName, string | undefined> = {
  'better-sqlite3': betterSqlite3Problem(),
  'node-sqlite': nodeSqliteProblem(),
};
const loadable = (Object.keys(problems) as DriverName[]).filter((d) => problems[d] === undefined);

describe('driverFromEnv', () => {
  it('reads MCPKIT_MEMORY_DRIVER, auto when unset, and refuses anything else', () => {
    expect(driverFromEnv({})).toBe('auto');
    expect(driverFromEnv({ MCPKIT_MEMORY_DRIVER: '' })).toBe('auto');
    expect(driverFromEnv({ MCPKIT_MEMORY_DRIVER: 'node-sqlite' })).toBe('node-sqlite');
    expect(driverFromEnv({ MCPKIT_MEMORY_DRIVER: 'better-sqlite3' })).toBe('better-sqlite3');
    expect(() => driverFromEnv({ MCPKIT_MEMORY_DRIVER: 'sqlite3' })).toThrow(
      'MCPKIT_MEMORY_DRIVER must be one of auto, better-sqlite3, node-sqlite, not "sqlite3"',
    );
  });
});

describe('connect', () => {
  it('prefers better-sqlite3, and falls back to node:sqlite with one notice', () => {
    expect(loadable.length, 'neither driver loads on this Node').toBeGreaterThan(0);
    const notices: string[] = [];
    const db = connect(join(dir, 'auto.db'), 'auto', (line) => notices.push(line));
    db.close();
    expect(db.driver).toBe(loadable[0]);
    if (db.driver === 'better-sqlite3') expect(notices).toEqual([]);
    else if (problems['better-sqlite3'] === 'better-sqlite3 is not installed') expect(notices).toEqual([]);
    else expect(notices).toEqual([expect.stringMatching(/^better-sqlite3 .*; using node:sqlite instead \(.*npm rebuild/)]);
  });

  it.each(Object.entries(problems))('forced to %s: opens it, or says in one line what to do', (name, problem) => {
    const driver = name as DriverName;
    if (problem === undefined) {
      const db = connect(join(dir, `${driver}.db`), driver);
      expect(db.driver).toBe(driver);
      db.close();
      expect(db.isOpen).toBe(false);
      return;
    }
    let message = '';
    try {
      connect(join(dir, `${driver}.db`), driver).close();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(problem);
    expect(message).toMatch(driver === 'better-sqlite3' ? /npm rebuild better-sqlite3/ : /Node 22\.13 or later/);
    expect(message).not.toContain('\n');
  });
});

describe('openDatabase', () => {
  it.each(loadable)('uses the driver MCPKIT_MEMORY_DRIVER names (%s)', (driver) => {
    const before = process.env['MCPKIT_MEMORY_DRIVER'];
    process.env['MCPKIT_MEMORY_DRIVER'] = driver;
    try {
      const db = openDatabase(join(dir, `env-${driver}.db`));
      expect(db.driver).toBe(driver);
      db.close();
    } finally {
      if (before === undefined) delete process.env['MCPKIT_MEMORY_DRIVER'];
      else process.env['MCPKIT_MEMORY_DRIVER'] = before;
    }
    const chosen = openDatabase(join(dir, `option-${driver}.db`), { driver });
    expect(chosen.driver).toBe(driver);
    chosen.close();
  });
});

describe.each(loadable)('the %s driver', (driver) => {
  it('runs statements, returns rows, first columns and write counts alike', () => {
    const db = connect(join(dir, `statements-${driver}.db`), driver);
    try {
      db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE)');
      const insert = db.prepare('INSERT OR IGNORE INTO t (name) VALUES (?)');
      expect(insert.run('a')).toEqual({ changes: 1, lastInsertRowid: 1 });
      expect(insert.run('a').changes).toBe(0);
      insert.run('b');
      expect({ ...(db.prepare('SELECT id, name FROM t WHERE name = ?').get('b') as object) }).toEqual({ id: 2, name: 'b' });
      expect(db.prepare('SELECT id FROM t WHERE name = ?').get('zzz')).toBeUndefined();
      expect(
        db
          .prepare('SELECT name FROM t ORDER BY id')
          .all()
          .map((r) => (r as { name: string }).name),
      ).toEqual(['a', 'b']);
      expect(db.prepare('SELECT id FROM t WHERE name = ?').value('b')).toBe(2);
      expect(db.prepare('SELECT id FROM t WHERE name = ?').value('zzz')).toBeUndefined();
      const named = db.prepare('SELECT name FROM t WHERE name IN (SELECT value FROM json_each(@names)) ORDER BY id');
      expect(named.values({ names: JSON.stringify(['b', 'a', 'c']) })).toEqual(['a', 'b']);
      db.exec("CREATE VIRTUAL TABLE s USING fts5 (text, tokenize = 'trigram case_sensitive 1')");
      db.prepare('INSERT INTO s (rowid, text) VALUES (?, ?)').run(7, 'hello world');
      expect(db.prepare('SELECT rowid FROM s WHERE s MATCH ?').values('"lo wo"')).toEqual([7]);
    } finally {
      db.close();
    }
  });

  it('commits a transaction that returns and rolls back one that throws', () => {
    const db = connect(join(dir, `transactions-${driver}.db`), driver);
    try {
      db.exec('CREATE TABLE t (n INTEGER)');
      expect(db.transaction('immediate', () => db.prepare('INSERT INTO t VALUES (1)').run().changes)).toBe(1);
      expect(() =>
        db.transaction('immediate', () => {
          db.prepare('INSERT INTO t VALUES (2)').run();
          throw new RangeError('changed my mind');
        }),
      ).toThrow('changed my mind');
      expect(db.transaction('deferred', () => db.prepare('SELECT n FROM t').values())).toEqual([1]);
      // A failed statement inside leaves no transaction open behind it.
      expect(() => {
        db.transaction('immediate', () => {
          db.exec('INSERT INTO nowhere VALUES (1)');
        });
      }).toThrow(/no such table/);
      expect(db.transaction('immediate', () => db.prepare('SELECT count(*) FROM t').value())).toBe(1);
    } finally {
      db.close();
    }
  });
});
