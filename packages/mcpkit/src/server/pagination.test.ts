// Pagination on the wire: page size, the last page, and cursors that are
// opaque and tamper-evident.
import { describe, expect, it } from 'vitest';
import { handshakePeer, meta2026, rawPeer, type RawPeer } from '../../test/rawClient.js';
import type { ServerOptions } from './options.js';
import { McpServer } from './server.js';

function serverWith(count: number, options: Partial<ServerOptions> = {}): McpServer {
  const server = new McpServer({ name: 'pagination-test', version: '1.0.0', pageSize: 2, ...options });
  for (let i = 0; i < count; i++) {
    server.tool({ name: `tool${i}` }, () => '');
    server.prompt({ name: `prompt${i}` }, () => '');
    server.resource({ uri: `mem://r${i}`, name: `r${i}` }, () => '');
    server.resourceTemplate({ uriTemplate: `t${i}://{x}`, name: `t${i}` }, () => '');
  }
  return server;
}

interface Page {
  readonly tools: { name: string }[];
  readonly nextCursor?: string;
}

function listTools(peer: RawPeer, cursor?: string): Promise<Page> {
  return peer.request('tools/list', cursor === undefined ? {} : { cursor }) as Promise<Page>;
}

/** Flips one character in the middle of the token's payload. */
function alter(token: string): string {
  const i = Math.floor(token.indexOf('.') / 2);
  return token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
}

describe('pages', () => {
  it('hold pageSize items and a cursor while more follow; the last page has no nextCursor', async () => {
    const peer = await handshakePeer(serverWith(5));
    const first = await listTools(peer);
    expect(first.tools.map((t) => t.name)).toEqual(['tool0', 'tool1']);
    const second = await listTools(peer, first.nextCursor);
    expect(second.tools.map((t) => t.name)).toEqual(['tool2', 'tool3']);
    const last = await listTools(peer, second.nextCursor);
    expect(last).toEqual({ tools: [{ name: 'tool4', inputSchema: { type: 'object', additionalProperties: false } }] });
  });

  it('end without a cursor when the last page is exactly full', async () => {
    const peer = await handshakePeer(serverWith(4));
    const first = await listTools(peer);
    const last = await listTools(peer, first.nextCursor);
    expect(last.tools).toHaveLength(2);
    expect(last).not.toHaveProperty('nextCursor');
  });

  it('are a single page without a cursor when everything fits', async () => {
    const peer = await handshakePeer(serverWith(2));
    const page = await listTools(peer);
    expect(page.tools).toHaveLength(2);
    expect(page).not.toHaveProperty('nextCursor');
  });

  it('hold 100 items by default', async () => {
    const server = new McpServer({ name: 'p', version: '1' });
    for (let i = 0; i < 101; i++) server.tool({ name: `t${i}` }, () => '');
    const page = await listTools(await handshakePeer(server));
    expect(page.tools).toHaveLength(100);
    expect(page.nextCursor).toEqual(expect.any(String));
  });

  it.each([
    ['prompts/list', 'prompts'],
    ['resources/list', 'resources'],
    ['resources/templates/list', 'resourceTemplates'],
  ])('apply to %s', async (method, key) => {
    const peer = await handshakePeer(serverWith(3));
    const first = (await peer.request(method)) as Record<string, unknown>;
    expect(first[key]).toHaveLength(2);
    const last = (await peer.request(method, { cursor: first['nextCursor'] as string })) as Record<string, unknown>;
    expect(last[key]).toHaveLength(1);
    expect(last).not.toHaveProperty('nextCursor');
  });

  it('work the same in the stateless era', async () => {
    const peer = await rawPeer(serverWith(3));
    const first = (await peer.request('tools/list', { _meta: meta2026() })) as Page;
    const last = (await peer.request('tools/list', { _meta: meta2026(), cursor: first.nextCursor })) as Page;
    expect(last.tools.map((t) => t.name)).toEqual(['tool2']);
  });
});

describe('cursors', () => {
  it('are opaque: they show neither the list nor the offset in clear', async () => {
    const { nextCursor } = await listTools(await handshakePeer(serverWith(3)));
    expect(nextCursor).not.toMatch(/tools|"o"/);
  });

  it('refuse an altered cursor with -32602', async () => {
    const peer = await handshakePeer(serverWith(5));
    const { nextCursor } = await listTools(peer);
    await expect(listTools(peer, alter(nextCursor!))).rejects.toMatchObject({ code: -32602, message: 'Invalid cursor' });
  });

  it('refuse a cursor of another list with -32602', async () => {
    const peer = await handshakePeer(serverWith(5));
    const { nextCursor } = await listTools(peer);
    await expect(peer.request('prompts/list', { cursor: nextCursor! })).rejects.toMatchObject({ code: -32602 });
  });

  it.each(['', 'garbage', 'a.b', '.', '{"l":"tools","o":2}', 'x'.repeat(2000)])('refuse %j with -32602', async (cursor) => {
    const peer = await handshakePeer(serverWith(5));
    await expect(listTools(peer, cursor)).rejects.toMatchObject({ code: -32602 });
  });

  it('refuse a cursor sealed by a server with another secret', async () => {
    const a = await handshakePeer(serverWith(5));
    const b = await handshakePeer(serverWith(5));
    const { nextCursor } = await listTools(a);
    await expect(listTools(b, nextCursor)).rejects.toMatchObject({ code: -32602 });
  });

  it('are accepted by another server that shares the secret', async () => {
    const secret = 'a shared secret of at least 32 bytes!';
    const a = await handshakePeer(serverWith(5, { secret }));
    const b = await handshakePeer(serverWith(5, { secret }));
    const { nextCursor } = await listTools(a);
    expect((await listTools(b, nextCursor)).tools.map((t) => t.name)).toEqual(['tool2', 'tool3']);
  });

  it('are stable: the same position gives the same cursor', async () => {
    const peer = await handshakePeer(serverWith(5));
    expect((await listTools(peer)).nextCursor).toBe((await listTools(peer)).nextCursor);
  });
});

describe('the secret option', () => {
  it('must be at least 32 bytes', () => {
    expect(() => new McpServer({ name: 'p', version: '1', secret: 'short' })).toThrow(/at least 32 bytes/);
  });
});
