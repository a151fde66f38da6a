/**
 * `mcpkit serve filesystem DIR --http PORT` and `mcpkit serve memory --http
 * PORT`: both servers over Streamable HTTP, to handshake-era and stateless
 * (2026-07-28) clients alike.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpClient } from 'mcpkit/client';
import { nodeHttpTransport } from 'mcpkit/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, serveOverHttp } from './support.js';

let dir: string;
const stops: (() => void)[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mcpkit-http-'));
  writeFileSync(join(dir, 'hello.txt'), 'hello over HTTP\n');
});

afterAll(() => {
  for (const stop of stops) stop();
  rmSync(dir, { recursive: true, force: true });
});

describe.each(['2025-11-25', '2026-07-28'] as const)('over HTTP, %s', (era) => {
  it('serves the filesystem and the memory server', async () => {
    const fs = await serveOverHttp(['filesystem', dir]);
    const memory = await serveOverHttp(['memory', '--db', join(dir, `${era}.db`)]);
    stops.push(fs.stop, memory.stop);
    const files = new McpClient({ name: 'http-test', version: '1.0.0', era });
    await files.connect(nodeHttpTransport(fs.url));
    expect((await call(files, 'read_text_file', { path: 'hello.txt' })).text).toBe('hello over HTTP\n');
    expect((await call(files, 'read_text_file', { path: '../x' })).text).toMatch(/^Access denied/);
    await files.close();
    const graph = new McpClient({ name: 'http-test', version: '1.0.0', era });
    await graph.connect(nodeHttpTransport(memory.url));
    await call(graph, 'create_entities', { entities: [{ name: 'web', entityType: 'thing', observations: ['over HTTP'] }] });
    expect((await call(graph, 'search_nodes', { query: 'http' })).structured).toEqual({
      entities: [{ name: 'web', entityType: 'thing', observations: ['over HTTP'] }],
      relations: [],
    });
    await graph.close();
  });
});
