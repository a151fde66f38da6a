/**
 * Two processes on one store lose nothing of each other's writes, and a
 * process killed in the middle of a write leaves the store whole: the
 * write is there entirely or not at all, and everything before it is intact.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { McpClient } from 'mcpkit/client';
import { StdioClientTransport } from 'mcpkit/stdio';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect, driverFromEnv } from '../src/store/connect.js';
import { CLI, driverEnv, ours, outcome, scratch } from './support.js';

let dir: ReturnType<typeof scratch>;

beforeEach(() => {
  dir = scratch();
});

afterEach(() => {
  dir.cleanup();
});

interface GraphText {
  entities: { name: string; observations: string[] }[];
  relations: unknown[];
}

async function graphOf(client: McpClient): Promise<GraphText> {
  const r = await client.callTool({ name: 'read_graph', arguments: {} });
  return r.structuredContent as GraphText;
}

describe('two processes on one database', () => {
  it('keep every write of both', async () => {
    const db = join(dir.dir, 'shared.db');
    const [a, b] = await Promise.all([ours(db), ours(db)]);
    try {
      await outcome(a, 'create_entities', { entities: [{ name: 'shared', entityType: 'thing', observations: [] }] });
      const writes = (client: McpClient, who: string) =>
        Array.from({ length: 40 }, (_, i) =>
          Promise.all([
            outcome(client, 'create_entities', { entities: [{ name: `${who}${String(i)}`, entityType: who, observations: [] }] }),
            outcome(client, 'add_observations', { observations: [{ entityName: 'shared', contents: [`${who} ${String(i)}`] }] }),
            outcome(client, 'create_relations', {
              relations: [{ from: `${who}${String(i)}`, to: 'shared', relationType: 'touches' }],
            }),
          ]),
        );
      await Promise.all([...writes(a, 'a'), ...writes(b, 'b')]);
      for (const client of [a, b]) {
        const graph = await graphOf(client);
        expect(graph.entities).toHaveLength(81);
        expect(graph.entities.find((e) => e.name === 'shared')?.observations).toHaveLength(80);
        expect(graph.relations).toHaveLength(80);
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 60_000);
});

/** The size of a file, 0 if absent. */
function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** Resolves when `test` holds, polling every millisecond (false after `ms`). */
async function until(test: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return true;
}

describe('a process killed in the middle of a write', () => {
  it('leaves the write all there or not there, and the rest intact', async () => {
    const batch = Array.from({ length: 20_000 }, (_, i) => ({
      name: `e${String(i)}`,
      entityType: 'bulk',
      observations: [`observation ${String(i)}`, 'shared text'],
    }));
    const outcomes: number[] = [];
    // Killed while the transaction is being written (its pages are reaching the WAL), then once after the reply.
    for (const when of ['mid-write', 'mid-write', 'mid-write', 'after'] as const) {
      const db = join(dir.dir, `crash-${String(outcomes.length)}.db`);
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [CLI, 'serve', 'memory', '--db', db],
        env: driverEnv(),
        stderr: 'ignore',
      });
      const client = new McpClient({ name: 'crash-test', version: '1.0.0', era: '2025-11-25' });
      await client.connect(transport);
      await outcome(client, 'create_entities', { entities: [{ name: 'before', entityType: 'kept', observations: ['safe'] }] });
      const walAtStart = sizeOf(`${db}-wal`);
      const pending = client.callTool({ name: 'create_entities', arguments: { entities: batch } }, { timeoutMs: 60_000 });
      if (when === 'after') await pending;
      else await until(() => sizeOf(`${db}-wal`) > walAtStart + 256 * 1024, 30_000);
      process.kill(transport.pid ?? 0, 'SIGKILL');
      await pending.catch(() => undefined);
      await client.close().catch(() => undefined);

      const check = connect(db, driverFromEnv(process.env));
      try {
        expect(check.prepare('PRAGMA integrity_check').value()).toBe('ok');
        const count = (type: string) => Number(check.prepare('SELECT count(*) FROM entities WHERE entity_type = ?').value(type));
        expect(count('kept')).toBe(1);
        const written = count('bulk');
        expect([0, batch.length]).toContain(written);
        const observations = Number(check.prepare('SELECT count(*) FROM observations').value());
        expect(observations).toBe(1 + 2 * written);
        outcomes.push(written);
      } finally {
        check.close();
      }
    }
    expect(outcomes.at(-1)).toBe(batch.length);
    // At least one kill landed inside the transaction, and it left nothing of it behind.
    expect(outcomes.slice(0, 3)).toContain(0);
  }, 120_000);
});
