import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer } from './server.js';
import { initialize, meta2026, rawPeer } from '../../test/rawClient.js';

function makeServer() {
  const server = new McpServer({ name: 'smoke', version: '1.0.0' });
  server.tool({ name: 'echo', input: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } }, (args) => {
    return `echo: ${(args as { message: string }).message}`;
  });
  server.tool({ name: 'add', input: z.object({ a: z.number(), b: z.number() }) }, ({ a, b }) => ({ sum: a + b }));
  server.tool({ name: 'ask', input: { type: 'object' } }, async (_args, ctx) => {
    const r = await ctx.elicit({ message: 'name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } });
    return `hello ${String((r.content as { name?: string } | undefined)?.name)}`;
  });
  server.resource({ uri: 'test://a', name: 'a', mimeType: 'text/plain' }, () => 'A');
  server.resourceTemplate({ uriTemplate: 'test://item/{id}', name: 'item' }, (uri, { id }) => `item ${id}`);
  server.prompt({ name: 'p', arguments: [{ name: 'x', required: true }] }, (args) => `x=${String(args.x)}`);
  return server;
}

describe('server smoke', () => {
  it('handshake era', async () => {
    const peer = await rawPeer(makeServer());
    const init = (await initialize(peer, '2025-11-25')) as Record<string, unknown>;
    expect(init['protocolVersion']).toBe('2025-11-25');
    expect(await peer.request('tools/list')).toMatchObject({ tools: [{ name: 'echo' }, { name: 'add' }, { name: 'ask' }] });
    expect(await peer.request('tools/call', { name: 'echo', arguments: { message: 'hi' } })).toEqual({ content: [{ type: 'text', text: 'echo: hi' }] });
    expect(await peer.request('tools/call', { name: 'add', arguments: { a: 1, b: 2 } })).toEqual({ content: [{ type: 'text', text: '{"sum":3}' }], structuredContent: { sum: 3 } });
    expect(await peer.request('resources/read', { uri: 'test://item/7' })).toEqual({ contents: [{ uri: 'test://item/7', text: 'item 7' }] });
    expect(await peer.request('prompts/get', { name: 'p', arguments: { x: '1' } })).toMatchObject({ messages: [{ role: 'user' }] });
    await expect(peer.request('resources/read', { uri: 'test://nope' })).rejects.toMatchObject({ code: -32002 });
    await expect(peer.request('tools/call', { name: 'nope' })).rejects.toMatchObject({ code: -32602 });
    await peer.close();
  });

  it('stateless era with MRTR', async () => {
    const peer = await rawPeer(makeServer());
    const d = (await peer.request('server/discover', { _meta: meta2026() })) as Record<string, unknown>;
    expect(d['supportedVersions']).toEqual(['2026-07-28']);
    expect(d['resultType']).toBe('complete');
    const r1 = (await peer.request('tools/call', { _meta: meta2026({ elicitation: {} }), name: 'ask', arguments: {} })) as Record<string, unknown>;
    expect(r1['resultType']).toBe('input_required');
    const key = Object.keys(r1['inputRequests'] as object)[0]!;
    const r2 = await peer.request('tools/call', {
      _meta: meta2026({ elicitation: {} }),
      name: 'ask',
      arguments: {},
      inputResponses: { [key]: { action: 'accept', content: { name: 'Ada' } } },
      requestState: r1['requestState'] as string,
    });
    expect(r2).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'hello Ada' }] });
    await expect(
      peer.request('tools/call', { _meta: meta2026({ elicitation: {} }), name: 'ask', arguments: { x: 1 }, requestState: r1['requestState'] as string }),
    ).rejects.toMatchObject({ code: -32602 });
    await expect(peer.request('tools/call', { _meta: meta2026({}), name: 'ask', arguments: {} })).rejects.toMatchObject({ code: -32021 });
    await expect(peer.request('initialize', { _meta: meta2026({}) })).rejects.toMatchObject({ code: -32601 });
    await peer.close();
  });
});
