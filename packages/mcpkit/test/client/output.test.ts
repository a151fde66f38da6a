// callTool checks structuredContent against the tool's outputSchema: strict
// (reject) by default, lenient (keep, attach issues) by option; isError results
// are never checked (2026-07-28 server/tools.mdx#output-schema).
import { describe, expect, it } from 'vitest';
import { McpClient } from '../../src/client/client.js';
import type { ClientOptions } from '../../src/client/options.js';
import type { LocalError } from '../../src/jsonrpc/localError.js';
import { expectLocalError } from '../helpers.js';
import { complete, discoverResult, fakeServer, type FakeServer, type Received } from './harness.js';

const TOOLS = [
  {
    name: 'sum',
    inputSchema: { type: 'object' },
    outputSchema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
  },
  { name: 'plain', inputSchema: { type: 'object' } },
  {
    name: 'broken',
    inputSchema: { type: 'object' },
    outputSchema: { type: 'object', properties: { a: { $ref: 'https://example.com/nope.json' } } },
  },
];

/** A server whose tools answer what the test says; `era` picks its lifecycle. */
async function serve(
  results: Record<string, object>,
  era: 'handshake' | 'stateless',
  options: Partial<ClientOptions> = {},
): Promise<{ client: McpClient; calls: Received[]; fake: FakeServer }> {
  const calls: Received[] = [];
  let tools: readonly object[] = TOOLS;
  const fake = await fakeServer((r) => {
    calls.push(r);
    if (r.method === 'server/discover') return discoverResult({ tools: { listChanged: true } });
    if (r.method === 'initialize')
      return {
        protocolVersion: '2025-11-25',
        capabilities: { tools: { listChanged: true } },
        serverInfo: { name: 'f', version: '1' },
      };
    if (r.method === 'tools/list') return complete({ tools });
    const name = r.params['name'] as string;
    if (name === 'rename') {
      tools = TOOLS.map((t) =>
        t.name === 'sum'
          ? { ...t, outputSchema: { type: 'object', properties: { total: { type: 'number' } }, required: ['total'] } }
          : t,
      );
      return complete({ content: [] });
    }
    return complete(results[name] ?? { content: [] });
  });
  const client = new McpClient({ name: 'c', version: '1', era, ...options });
  await client.connect(fake.transport);
  return { client, calls, fake };
}

describe.each(['handshake', 'stateless'] as const)('%s era', (era) => {
  it('accepts conforming structured content, listing the tools once to learn the schema', async () => {
    const { client, calls } = await serve({ sum: { content: [], structuredContent: { sum: 3 } } }, era);
    expect((await client.callTool({ name: 'sum' })).structuredContent).toEqual({ sum: 3 });
    expect((await client.callTool({ name: 'sum' })).outputIssues).toBeUndefined();
    expect(calls.filter((c) => c.method === 'tools/list')).toHaveLength(1);
    await client.close();
  });

  it('strict: rejects structured content that breaks the schema, or is missing', async () => {
    const { client } = await serve(
      { sum: { content: [], structuredContent: { sum: 'three' } }, plain: { content: [], structuredContent: 1 } },
      era,
    );
    const error = await expectLocalError(client.callTool({ name: 'sum' }), 'PROTOCOL_VIOLATION');
    expect(error.message).toContain('/sum');
    const missing = await serve({ sum: { content: [{ type: 'text', text: '3' }] } }, era);
    await expectLocalError(missing.client.callTool({ name: 'sum' }), 'PROTOCOL_VIOLATION');
    // A tool without an outputSchema is not checked.
    expect((await client.callTool({ name: 'plain' })).structuredContent).toBe(1);
    await client.close();
    await missing.client.close();
  });

  it('lenient: keeps the result and attaches the issues', async () => {
    const { client } = await serve({ sum: { content: [], structuredContent: { sum: 'three' } } }, era, {
      validateOutput: 'lenient',
    });
    const result = await client.callTool({ name: 'sum' });
    expect(result.structuredContent).toEqual({ sum: 'three' });
    expect(result.outputIssues?.[0]).toMatchObject({ path: '/sum' });
    await client.close();
  });

  it('never checks an isError result', async () => {
    const { client } = await serve({ sum: { content: [{ type: 'text', text: 'boom' }], isError: true } }, era);
    expect((await client.callTool({ name: 'sum' })).isError).toBe(true);
    await client.close();
  });

  it('reports a schema that cannot be compiled as an issue', async () => {
    const { client } = await serve({ broken: { content: [], structuredContent: { a: 1 } } }, era, { validateOutput: 'lenient' });
    const result = await client.callTool({ name: 'broken' });
    expect(result.outputIssues?.[0]?.message).toContain('outputSchema');
    await client.close();
  });

  it('learns the new schema after tools/list_changed', async () => {
    const { client, calls, fake } = await serve({ sum: { content: [], structuredContent: { total: 3 } } }, era);
    await expectLocalError(client.callTool({ name: 'sum' }), 'PROTOCOL_VIOLATION');
    await client.callTool({ name: 'rename' });
    // Without news of a change the client keeps the listing it has.
    await expectLocalError(client.callTool({ name: 'sum' }), 'PROTOCOL_VIOLATION');
    await fake.notify('notifications/tools/list_changed');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await client.callTool({ name: 'sum' })).structuredContent).toEqual({ total: 3 });
    expect(calls.filter((c) => c.method === 'tools/list')).toHaveLength(2);
    await client.close();
  });
});

describe('concurrent first calls', () => {
  /** A server that holds its `tools/list` answer until `callers` tool calls were answered, so their checks overlap. */
  async function heldListing(callers: number, listing: () => object) {
    let answered = 0;
    let release: () => void = () => undefined;
    const allAnswered = new Promise<void>((resolve) => (release = resolve));
    const reported: LocalError[] = [];
    const fake = await fakeServer(async (r) => {
      if (r.method === 'server/discover') return discoverResult({ tools: {} });
      if (r.method === 'tools/list') {
        await allAnswered;
        // One more turn of the event loop: every caller's result has reached its check.
        await new Promise((resolve) => setTimeout(resolve, 20));
        return listing();
      }
      if (++answered === callers) release();
      return complete({ content: [], structuredContent: { sum: 3 } });
    });
    const client = new McpClient({ name: 'c', version: '1', onError: (e) => reported.push(e) });
    await client.connect(fake.transport);
    const lists = (): number => fake.requests.filter((r) => r.method === 'tools/list').length;
    return { client, reported, lists };
  }

  it('share one tools/list', async () => {
    const { client, lists } = await heldListing(8, () => complete({ tools: TOOLS }));
    const results = await Promise.all(Array.from({ length: 8 }, () => client.callTool({ name: 'sum' })));
    expect(results.map((r) => r.structuredContent)).toEqual(Array.from({ length: 8 }, () => ({ sum: 3 })));
    expect(lists()).toBe(1);
    await client.close();
  });

  it('share a failed listing too, each returning its result unchecked; the next call lists again', async () => {
    const { client, reported, lists } = await heldListing(4, () => complete({ nope: true }));
    const results = await Promise.all(Array.from({ length: 4 }, () => client.callTool({ name: 'sum' })));
    expect(results.map((r) => r.structuredContent)).toEqual(Array.from({ length: 4 }, () => ({ sum: 3 })));
    expect(lists()).toBe(1);
    expect(reported).toHaveLength(4);
    expect(reported.every((e) => e.message.includes('Could not list tools'))).toBe(true);
    await client.callTool({ name: 'sum' });
    expect(lists()).toBe(2);
    await client.close();
  });
});

describe('listing failures', () => {
  it('returns the result unchecked (and reports) when the tools cannot be listed', async () => {
    const reported: LocalError[] = [];
    const fake = await fakeServer((r) => {
      if (r.method === 'server/discover') return discoverResult({ tools: {} });
      if (r.method === 'tools/list') return complete({ nope: true });
      return complete({ content: [], structuredContent: { x: 1 } });
    });
    const client = new McpClient({ name: 'c', version: '1', onError: (e) => reported.push(e) });
    await client.connect(fake.transport);
    expect((await client.callTool({ name: 'x' })).structuredContent).toEqual({ x: 1 });
    expect(reported[0]?.message).toContain('Could not list tools');
    await client.close();
  });
});
