/**
 * Scale-out without Redis: three handlers, each with its own copy of the same
 * server (as three processes would be), share one `MemoryShared`; a
 * round-robin `fetch` sends every request to the next one. A handshake-era
 * session opened on one is served by all: calls, elicitation answered at
 * another handler, resource subscriptions fanned out, resumption, DELETE.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { McpClient } from '../../src/client/index.js';
import { httpTransport } from '../../src/http/client/httpTransport.js';
import { MemoryShared } from '../../src/scaleout/index.js';
import { createWebHandler, type WebHandler } from '../../src/http/server/webHandler.js';
import { makeFixture, type Fixture } from '../http/fixture.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Cluster {
  readonly shared: MemoryShared;
  readonly fixtures: Fixture[];
  readonly handlers: WebHandler[];
  readonly hits: number[];
  readonly fetch: (input: string, init: RequestInit) => Promise<Response>;
}

function cluster(size = 3, ttlMs?: number): Cluster {
  const shared = new MemoryShared(ttlMs === undefined ? {} : { sessionTtlMs: ttlMs });
  const fixtures: Fixture[] = [];
  const handlers: WebHandler[] = [];
  for (let i = 0; i < size; i++) {
    const fixture = makeFixture();
    fixtures.push(fixture);
    handlers.push(createWebHandler(fixture.server, { store: shared.store(), retryMs: 20 }));
  }
  const hits = handlers.map(() => 0);
  let next = 0;
  cleanups.push(async () => {
    for (const h of handlers) await h.close();
  });
  return {
    shared,
    fixtures,
    handlers,
    hits,
    fetch: (input, init) => {
      const i = next++ % size;
      hits[i] = (hits[i] ?? 0) + 1;
      return (handlers[i] as WebHandler)(new Request(input, init));
    },
  };
}

async function client(c: Cluster): Promise<McpClient> {
  const mcp = new McpClient({
    name: 'scale-out',
    version: '1.0.0',
    era: 'handshake',
    handlers: { elicitation: { form: () => ({ action: 'accept', content: { name: 'Ada' } }) } },
  });
  await mcp.connect(httpTransport('http://localhost/mcp', { fetch: c.fetch }));
  cleanups.push(() => mcp.close());
  return mcp;
}

const text = (result: { readonly content: readonly unknown[] }): string => (result.content[0] as { text: string }).text;

describe('scale-out over a shared in-memory store', () => {
  it('serves one session from every handler', async () => {
    const c = cluster();
    const mcp = await client(c);
    for (let i = 0; i < 6; i++)
      expect(text(await mcp.callTool({ name: 'echo', arguments: { text: `n${i}` } }))).toBe(`echo: n${i}`);
    expect(c.hits.every((n) => n >= 2)).toBe(true);
    expect(c.shared.sessionCount).toBe(1);
  });

  it('routes an elicitation answer posted at another handler to the one running the tool', async () => {
    const c = cluster();
    const mcp = await client(c);
    for (let i = 0; i < 3; i++) expect(text(await mcp.callTool({ name: 'elicit', arguments: {} }))).toBe('hello Ada');
  });

  it('streams progress and keeps the log level set at another handler', async () => {
    const c = cluster();
    const mcp = await client(c);
    const seen: number[] = [];
    const result = await mcp.callTool(
      { name: 'progress', arguments: { steps: 4 } },
      {
        onProgress: (p) => {
          seen.push(p.progress);
        },
      },
    );
    expect(text(result)).toBe('done 4');
    expect(seen).toEqual([1, 2, 3, 4]);
  });

  it('fans a resource update out to a subscriber whatever handler saw it', async () => {
    const c = cluster();
    const mcp = await client(c);
    const updates: string[] = [];
    mcp.onNotification('notifications/resources/updated', (params) => {
      updates.push((params as { uri: string }).uri);
    });
    await mcp.listTools();
    await mcp.request('resources/subscribe', { uri: 'test://static' });
    await new Promise((r) => setTimeout(r, 50));
    (c.fixtures[2] as Fixture).server.notifyResourceUpdated('test://static');
    (c.fixtures[0] as Fixture).server.notifyResourceUpdated('test://other');
    await expect.poll(() => updates, { timeout: 5000 }).toEqual(['test://static']);
    await new Promise((r) => setTimeout(r, 50));
    expect(updates).toEqual(['test://static']);
  });

  it('ends the session everywhere on DELETE', async () => {
    const c = cluster();
    const mcp = await client(c);
    await mcp.callTool({ name: 'echo', arguments: { text: 'x' } });
    await mcp.close();
    await new Promise((r) => setTimeout(r, 20));
    expect(c.shared.sessionCount).toBe(0);
  });
});
