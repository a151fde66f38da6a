/**
 * Reads of the graph answer at most --max-result-size bytes: the graph is
 * whatever callers wrote into it, so read_graph past the limit fails with an
 * error that names the limit and the tools that read a part, while those
 * tools still answer.
 */
import { join } from 'node:path';
import { McpClient } from 'mcpkit/client';
import { createInMemoryPair } from 'mcpkit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryServer, GRAPH_URI } from '../src/index.js';
import { memoryOptionsFromArgs } from '../src/options.js';
import { scratch } from './support.js';

let dir: ReturnType<typeof scratch>;
let client: McpClient | undefined;

beforeEach(() => {
  dir = scratch();
});

afterEach(async () => {
  await client?.close();
  client = undefined;
  dir.cleanup();
});

async function connect(maxResultBytes: number): Promise<McpClient> {
  const server = createMemoryServer({ db: join(dir.dir, 'g.db'), watchMs: 0, warn: () => undefined, maxResultBytes });
  const [a, b] = createInMemoryPair();
  await server.connect(a);
  const c = new McpClient({ name: 'limit-test', version: '1.0.0', era: '2025-11-25' });
  await c.connect(b);
  return c;
}

function text(result: { content: readonly { type: string; text?: string }[] }): string {
  return result.content[0]?.text ?? '';
}

describe('the result limit', () => {
  it('refuses a read past --max-result-size and still answers the reads of a part', async () => {
    client = await connect(4096);
    const entities = Array.from({ length: 40 }, (_, i) => ({
      name: `e${String(i)}`,
      entityType: 'thing',
      observations: ['x'.repeat(200)],
    }));
    expect((await client.callTool({ name: 'create_entities', arguments: { entities } })).isError).not.toBe(true);
    const whole = await client.callTool({ name: 'read_graph', arguments: {} });
    expect(whole.isError).toBe(true);
    expect(text(whole)).toContain('--max-result-size');
    expect(text(whole)).toContain('search_nodes or open_nodes');
    const part = await client.callTool({ name: 'open_nodes', arguments: { names: ['e1', 'e2'] } });
    expect(part.isError).not.toBe(true);
    expect(JSON.parse(text(part))).toMatchObject({ entities: [{ name: 'e1' }, { name: 'e2' }] });
    const everything = await client.callTool({ name: 'search_nodes', arguments: { query: 'thing' } });
    expect(everything.isError).toBe(true);
    await expect(client.readResource({ uri: GRAPH_URI })).rejects.toThrow(/--max-result-size/);
  });

  it('takes --max-result-size from the command line', () => {
    expect(memoryOptionsFromArgs(['--db', 'x.db', '--max-result-size', '2M'], {}, dir.dir)).toEqual({
      db: join(dir.dir, 'x.db'),
      maxResultBytes: 2 * 1024 * 1024,
    });
    expect(() => memoryOptionsFromArgs(['--max-result-size', 'big'], {}, dir.dir)).toThrow(/--max-result-size needs a size/);
  });
});
