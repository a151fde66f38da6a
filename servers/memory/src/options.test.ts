import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultDbPath, memoryOptionsFromArgs, storeAt } from './options.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpkit-memopts-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('where the graph lives', () => {
  it('puts the database beside an official JSONL file and imports it', () => {
    writeFileSync(join(dir, 'memory.jsonl'), '{"type":"entity"}\n');
    writeFileSync(join(dir, 'custom'), '{"type":"entity"}\n');
    writeFileSync(join(dir, 'real.db'), 'SQLite format 3\0');
    expect(storeAt(join(dir, 'memory.jsonl'))).toEqual({ db: join(dir, 'memory.db'), importFrom: join(dir, 'memory.jsonl') });
    expect(storeAt(join(dir, 'custom'))).toEqual({ db: join(dir, 'custom.db'), importFrom: join(dir, 'custom') });
    expect(storeAt(join(dir, 'real.db'))).toEqual({ db: join(dir, 'real.db') });
    expect(storeAt(join(dir, 'later.json'))).toEqual({ db: join(dir, 'later.db'), importFrom: join(dir, 'later.json') });
    expect(storeAt(join(dir, 'new.sqlite'))).toEqual({ db: join(dir, 'new.sqlite') });
  });

  it('takes --db first, MEMORY_FILE_PATH (relative to the working directory) next, then the data directory', () => {
    expect(memoryOptionsFromArgs(['--db', 'x.db'], {}, dir)).toEqual({ db: join(dir, 'x.db') });
    expect(memoryOptionsFromArgs([], { MEMORY_FILE_PATH: 'memory.jsonl' }, dir)).toEqual({
      db: join(dir, 'memory.db'),
      importFrom: join(dir, 'memory.jsonl'),
    });
    expect(memoryOptionsFromArgs(['--db', 'x.db'], { MEMORY_FILE_PATH: 'memory.jsonl' }, dir)).toEqual({
      db: join(dir, 'x.db'),
      importFrom: join(dir, 'memory.jsonl'),
    });
    expect(memoryOptionsFromArgs([], { XDG_DATA_HOME: '/xdg' }, dir)).toEqual({ db: '/xdg/mcpkit/memory.db' });
    expect(defaultDbPath({})).toMatch(/\.local\/share\/mcpkit\/memory\.db$/);
  });

  it('refuses what it does not understand', () => {
    expect(() => memoryOptionsFromArgs(['extra'], {})).toThrow('unexpected argument "extra"');
    expect(() => memoryOptionsFromArgs(['--db'], {})).toThrow(/argument missing/);
    expect(() => memoryOptionsFromArgs(['--db', ''], {})).toThrow('--db needs a file name');
  });
});
