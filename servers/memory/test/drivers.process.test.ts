/**
 * The server on whichever Node starts it. In this repository better-sqlite3
 * is built for the machine's Node; on Node 22 (scripts/lib/nodes.mjs) it may
 * not load, and the server falls back to node:sqlite with one notice and
 * works. A driver that cannot be loaded ends the server with one line saying
 * what to do. And the whole memory test suite runs once more with node:sqlite
 * forced, on Node 22.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpClient } from 'mcpkit/client';
import { StdioClientTransport } from 'mcpkit/stdio';
import { describe, expect, it } from 'vitest';
import { nodeBinary } from '../../../scripts/lib/nodes.mjs';
import { CLI, outcome, scratch } from './support.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** Node 22: the machine's, or npm's (installed on first use). */
const NODE_22 = await nodeBinary(22);
const WITHOUT_BETTER_SQLITE3 = new URL('fixtures/withoutBetterSqlite3.mjs', import.meta.url).href;

const node22 = existsSync(NODE_22)
  ? spawnSync(NODE_22, ['-p', 'typeof process.getBuiltinModule("node:sqlite")?.DatabaseSync'], { encoding: 'utf8' })
  : undefined;
const hasNode22 = node22?.stdout.trim() === 'function';
/** Said in a test's name when it is skipped for want of Node 22. */
const NO_NODE_22 = hasNode22 ? '' : ` (skipped: ${NODE_22} is not a Node with node:sqlite)`;
/** Whether the installed better-sqlite3 loads on Node 22 too (then nothing falls back). */
const betterOn22 =
  hasNode22 &&
  spawnSync(NODE_22, ['-e', 'new (require("better-sqlite3"))(":memory:").close()'], { cwd: join(ROOT, 'servers', 'memory') })
    .status === 0;
const forced = process.env['MCPKIT_MEMORY_DRIVER'];

/** Starts `mcpkit serve memory` on a fresh database: the exit code and stderr (stdin closed at once). */
function serveOnce(command: string, args: readonly string[], env: Record<string, string>) {
  const dir = scratch();
  try {
    const r = spawnSync(command, [...args, CLI, 'serve', 'memory', '--db', join(dir.dir, 'm.db')], {
      input: '',
      encoding: 'utf8',
      env: { ...process.env, ...env },
      timeout: 60_000,
    });
    return { status: r.status, stderr: r.stderr };
  } finally {
    dir.cleanup();
  }
}

function expectOneLine(stderr: string, ...parts: RegExp[]): void {
  const lines = stderr.trimEnd().split('\n');
  expect(lines, stderr).toHaveLength(1);
  for (const part of parts) expect(lines[0]).toMatch(part);
  expect(stderr).not.toMatch(/^\s+at /m);
}

const FORCED = forced === undefined ? '' : ` (skipped: MCPKIT_MEMORY_DRIVER=${forced} makes this run one driver's)`;

describe.skipIf(forced !== undefined)(`the memory server on the Node that starts it${FORCED}`, () => {
  it.skipIf(!hasNode22)(
    `mcpkit serve memory runs on Node 22 from this repository${NO_NODE_22}`,
    async () => {
      const dir = scratch();
      const stderr: string[] = [];
      const client = new McpClient({ name: 'node22-test', version: '1.0.0', era: '2025-11-25' });
      try {
        await client.connect(
          new StdioClientTransport({
            command: NODE_22,
            args: [CLI, 'serve', 'memory', '--db', join(dir.dir, 'm.db')],
            cwd: ROOT,
            stderr: 'pipe',
            onStderr: (text) => stderr.push(text),
          }),
        );
        expect((await client.listTools()).tools.map((t) => t.name)).toContain('search_nodes');
        const ada = { name: 'Ada', entityType: 'person', observations: ['wrote the first program'] };
        expect(await outcome(client, 'create_entities', { entities: [ada] })).toMatchObject({
          isError: false,
          structured: { entities: [ada] },
        });
        expect(await outcome(client, 'search_nodes', { query: 'FIRST PROG' })).toMatchObject({
          isError: false,
          structured: { entities: [ada], relations: [] },
        });
      } finally {
        await client.close();
        dir.cleanup();
      }
      if (!betterOn22) expectOneLine(stderr.join(''), /^better-sqlite3 was built for another Node .*; using node:sqlite instead/);
    },
    60_000,
  );

  it.skipIf(!hasNode22 || betterOn22)(
    `forced to better-sqlite3 where it cannot load, says what to do in one line${NO_NODE_22}${betterOn22 ? ' (skipped: better-sqlite3 loads on Node 22 here)' : ''}`,
    () => {
      const { status, stderr } = serveOnce(NODE_22, [], { MCPKIT_MEMORY_DRIVER: 'better-sqlite3' });
      expect(status).not.toBe(0);
      expectOneLine(stderr, /better-sqlite3 was built for another Node/, /npm rebuild better-sqlite3/);
    },
  );

  it('with neither driver loadable, says what to do in one line', () => {
    const { status, stderr } = serveOnce(process.execPath, ['--import', WITHOUT_BETTER_SQLITE3], {
      MCPKIT_MEMORY_DRIVER: 'auto',
    });
    if (
      spawnSync(process.execPath, ['-p', 'process.getBuiltinModule("node:sqlite") === undefined'], {
        encoding: 'utf8',
      }).stdout.trim() === 'true'
    ) {
      expect(status).not.toBe(0);
      expectOneLine(
        stderr,
        /no SQLite driver can be loaded: better-sqlite3 is not installed, and node:sqlite needs Node 22\.13/,
        /npm install better-sqlite3/,
      );
    } else {
      // This Node has node:sqlite: it serves, without a word (better-sqlite3 is an optional peer), until stdin closes.
      expect(status).toBe(0);
      expect(stderr).toBe('');
    }
  });

  it.skipIf(!hasNode22)(
    `passes the whole memory suite with node:sqlite forced, on Node 22${NO_NODE_22}`,
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'mcpkit-memory-suite-'));
      try {
        const report = join(dir, 'report.json');
        const r = spawnSync(
          NODE_22,
          [
            join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'),
            'run',
            'servers/memory',
            '--reporter=json',
            `--outputFile=${report}`,
          ],
          { cwd: ROOT, encoding: 'utf8', env: { ...process.env, MCPKIT_MEMORY_DRIVER: 'node-sqlite' }, timeout: 600_000 },
        );
        expect(existsSync(report), `${r.stdout}\n${r.stderr}`).toBe(true);
        const json = JSON.parse(readFileSync(report, 'utf8')) as {
          numPassedTests: number;
          numFailedTests: number;
          testResults: { assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
        };
        const results = json.testResults.flatMap((f) => f.assertionResults);
        const failed = results.filter((a) => a.status === 'failed').map((a) => `${a.fullName}\n${a.failureMessages.join('\n')}`);
        expect(failed.join('\n\n')).toBe('');
        expect(r.status, r.stderr).toBe(0);
        // The suite ran on node:sqlite (the database opens with the forced driver), the graph's tests included.
        const passed = results.filter((a) => a.status === 'passed').map((a) => a.fullName);
        expect(passed).toContain('openDatabase uses the driver MCPKIT_MEMORY_DRIVER names (node-sqlite)');
        expect(passed.filter((n) => n.startsWith('KnowledgeGraph ')).length).toBeGreaterThan(3);
        expect(json.numPassedTests).toBeGreaterThan(15);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    600_000,
  );
});
