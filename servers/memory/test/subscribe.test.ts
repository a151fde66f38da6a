/**
 * Subscribers to memory://knowledge-graph hear of every change: those made
 * through this server, and those another process (here: another connection)
 * makes to the same database.
 */
import { join } from 'node:path';
import { McpClient } from 'mcpkit/client';
import { createInMemoryPair } from 'mcpkit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryServer, GRAPH_URI } from '../src/index.js';
import { scratch } from './support.js';

let dir: ReturnType<typeof scratch>;

beforeEach(() => {
  dir = scratch();
});

afterEach(() => {
  dir.cleanup();
});

async function connect(db: string): Promise<McpClient> {
  const server = createMemoryServer({ db, watchMs: 20, warn: () => undefined });
  const [a, b] = createInMemoryPair();
  await server.connect(a);
  const client = new McpClient({ name: 'sub-test', version: '1.0.0', era: '2025-11-25' });
  await client.connect(b);
  return client;
}

describe('memory://knowledge-graph', () => {
  it('tells subscribers of changes made here and by another process', async () => {
    const db = join(dir.dir, 'g.db');
    const [watcher, other] = [await connect(db), await connect(db)];
    const updates: string[] = [];
    const subscription = await watcher.subscribe({ resources: [GRAPH_URI] }, ({ params }) => {
      updates.push(String((params as { uri?: unknown }).uri));
    });
    await watcher.callTool({
      name: 'create_entities',
      arguments: { entities: [{ name: 'a', entityType: 't', observations: [] }] },
    });
    await expect.poll(() => updates.length).toBe(1);
    await other.callTool({
      name: 'create_entities',
      arguments: { entities: [{ name: 'b', entityType: 't', observations: [] }] },
    });
    await expect.poll(() => updates.length).toBe(2);
    expect(updates).toEqual([GRAPH_URI, GRAPH_URI]);
    const read = await watcher.readResource({ uri: GRAPH_URI });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toMatchObject({ entities: [{ name: 'a' }, { name: 'b' }] });
    await subscription.close();
    await Promise.all([watcher.close(), other.close()]);
  });
});
