// Pagination: cursors are opaque, an empty string is a cursor (not the end),
// only a missing nextCursor ends a list, and a server that repeats cursors
// cannot trap the client (2026-07-28 server/utilities/pagination.mdx).
import { describe, expect, it } from 'vitest';
import { McpClient } from '../../src/client/client.js';
import { McpServer } from '../../src/server/server.js';
import { expectLocalError } from '../helpers.js';
import { complete, discoverResult, ERAS, fakeServer, link, type Received } from './harness.js';

describe.each(ERAS)('mcpkit server with pageSize 2 (%s)', (era) => {
  function server(): McpServer {
    const s = new McpServer({ name: 'paged', version: '1', pageSize: 2 });
    for (let i = 1; i <= 5; i++) s.tool({ name: `t${String(i)}` }, () => String(i));
    for (let i = 1; i <= 3; i++) s.prompt({ name: `p${String(i)}` }, () => 'x');
    for (let i = 1; i <= 3; i++) s.resource({ uri: `paged://r${String(i)}`, name: `r${String(i)}` }, () => 'x');
    for (let i = 1; i <= 3; i++)
      s.resourceTemplate({ uriTemplate: `paged://t${String(i)}/{id}`, name: `t${String(i)}` }, () => 'x');
    return s;
  }

  it('gathers every page', async () => {
    const linked = await link(server(), { era });
    const { client } = linked;
    expect((await client.listAllTools()).map((t) => t.name)).toEqual(['t1', 't2', 't3', 't4', 't5']);
    expect((await client.listAllPrompts()).map((p) => p.name)).toEqual(['p1', 'p2', 'p3']);
    expect((await client.listAllResources()).map((r) => r.uri)).toEqual(['paged://r1', 'paged://r2', 'paged://r3']);
    expect((await client.listAllResourceTemplates()).map((t) => t.name)).toEqual(['t1', 't2', 't3']);
    const first = await client.listTools();
    expect(first.tools).toHaveLength(2);
    expect(typeof first.nextCursor).toBe('string');
  });

  it('iterates lazily: stopping early fetches no further pages', async () => {
    const s = server();
    const lists: string[] = [];
    s.use((next) => async (request, ctx) => {
      if (request.method === 'tools/list')
        lists.push(typeof request.params['cursor'] === 'string' ? request.params['cursor'] : 'start');
      return next(request, ctx);
    });
    const linked = await link(s, { era, cache: false });
    const names: string[] = [];
    for await (const tool of linked.client.tools()) {
      names.push(tool.name);
      if (names.length === 3) break;
    }
    expect(names).toEqual(['t1', 't2', 't3']);
    expect(lists).toHaveLength(2);
  });
});

describe('odd cursors', () => {
  async function pagedClient(
    pages: (cursor: unknown) => object,
    options: object = {},
  ): Promise<{ client: McpClient; calls: Received[] }> {
    const calls: Received[] = [];
    const fake = await fakeServer((r) => {
      if (r.method === 'server/discover') return discoverResult({ tools: {}, prompts: {} });
      calls.push(r);
      return complete(pages(r.params['cursor']));
    });
    const client = new McpClient({ name: 'c', version: '1', ...options });
    await client.connect(fake.transport);
    return { client, calls };
  }

  it('treats an empty-string cursor as a cursor, not the end', async () => {
    const { client, calls } = await pagedClient((cursor) =>
      cursor === undefined
        ? { tools: [{ name: 'a', inputSchema: { type: 'object' } }], nextCursor: '' }
        : { tools: [{ name: 'b', inputSchema: { type: 'object' } }] },
    );
    expect((await client.listAllTools()).map((t) => t.name)).toEqual(['a', 'b']);
    expect(calls.map((c) => c.params['cursor'])).toEqual([undefined, '']);
    await client.close();
  });

  it('passes cursors back untouched', async () => {
    const odd = ' ?=&/+ ünïcode ';
    const { client, calls } = await pagedClient((cursor) =>
      cursor === undefined ? { prompts: [{ name: 'a' }], nextCursor: odd } : { prompts: [{ name: 'b' }] },
    );
    expect((await client.listAllPrompts()).map((p) => p.name)).toEqual(['a', 'b']);
    expect(calls[1]?.params['cursor']).toBe(odd);
    await client.close();
  });

  it('refuses a server that hands back the same cursor forever', async () => {
    const { client, calls } = await pagedClient(() => ({
      tools: [{ name: 'x', inputSchema: { type: 'object' } }],
      nextCursor: 'again',
    }));
    const error = await expectLocalError(client.listAllTools(), 'PROTOCOL_VIOLATION');
    expect(error.message).toContain('twice');
    expect(calls).toHaveLength(2);
    await client.close();
  });

  it('gives up after maxPages', async () => {
    const { client, calls } = await pagedClient(
      (cursor) => ({ tools: [], nextCursor: `${typeof cursor === 'string' ? cursor : ''}x` }),
      { maxPages: 5 },
    );
    const error = await expectLocalError(client.listAllTools(), 'PROTOCOL_VIOLATION');
    expect(error.message).toContain('maxPages');
    expect(calls).toHaveLength(5);
    await client.close();
  });
});
