// The client against mcpkit's own server, in every revision (pinned) and auto:
// the same application code must work whichever revision is negotiated.
import { describe, expect, it } from 'vitest';
import { isResourceNotFound, ResourceNotFoundError } from '../../src/client/errors.js';
import { LocalError } from '../../src/jsonrpc/localError.js';
import { RpcError } from '../../src/jsonrpc/rpcError.js';
import type { Revision } from '../../src/protocol/versions.js';
import { McpServer } from '../../src/server/server.js';
import { expectLocalError, expectRpcError } from '../helpers.js';
import { demoServer, ERAS, link } from './harness.js';

describe.each(ERAS)('era %s', (era) => {
  const expected: Revision = era === 'auto' ? '2026-07-28' : (era as Revision);
  const stateless = expected === '2026-07-28';

  it('negotiates and exposes what the server said', async () => {
    const linked = await link(demoServer(), { era });
    const { client } = linked;
    expect(client.revision).toBe(expected);
    expect(client.era).toBe(stateless ? 'stateless' : 'handshake');
    expect(client.serverInfo).toMatchObject({ name: 'demo', version: '2.0.0' });
    expect(client.instructions).toBe('Be nice.');
    expect(client.serverCapabilities).toMatchObject({
      tools: { listChanged: true },
      resources: { subscribe: true },
      prompts: {},
    });
    expect(client.isConnected).toBe(true);
  });

  it('lists and calls tools', async () => {
    const linked = await link(demoServer(), { era });
    const { client } = linked;
    const tools = await client.listAllTools();
    expect(tools.map((t) => t.name)).toEqual(['echo', 'add', 'log']);
    expect(await client.callTool({ name: 'echo', arguments: { text: 'hi' } })).toMatchObject({
      content: [{ type: 'text', text: 'echo: hi' }],
    });
    const sum = await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } });
    // Structured content exists from 2025-06-18; earlier revisions get the text only.
    if (expected >= '2025-06-18') expect(sum.structuredContent).toEqual({ sum: 5 });
    else expect(sum.structuredContent).toBeUndefined();
    expect(sum.content).toEqual([{ type: 'text', text: '{"sum":5}' }]);
  });

  it('reads resources, lists templates, gets prompts, completes', async () => {
    const linked = await link(demoServer(), { era });
    const { client } = linked;
    expect((await client.listAllResources()).map((r) => r.uri)).toEqual(['demo://readme']);
    expect((await client.listAllResourceTemplates()).map((t) => t.uriTemplate)).toEqual(['demo://items/{id}']);
    expect(await client.readResource({ uri: 'demo://items/7' })).toMatchObject({
      contents: [{ uri: 'demo://items/7', text: 'item 7' }],
    });
    const prompt = await client.getPrompt({ name: 'greet', arguments: { who: 'Ada' } });
    expect(prompt.messages[0]).toEqual({ role: 'user', content: { type: 'text', text: 'Hello Ada' } });
    expect((await client.listAllPrompts()).map((p) => p.name)).toEqual(['greet']);
    const completion = await client.complete({
      ref: { type: 'ref/prompt', name: 'greet' },
      argument: { name: 'who', value: 'a' },
    });
    expect(completion.completion.values).toEqual(['Ada', 'Alan']);
  });

  it('reports an unknown resource as not found, whatever the era', async () => {
    const linked = await link(demoServer(), { era });
    const error = await linked.client.readResource({ uri: 'demo://nothing' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResourceNotFoundError);
    expect(error).toBeInstanceOf(RpcError);
    expect(isResourceNotFound(error)).toBe(true);
    expect((error as ResourceNotFoundError).code).toBe(stateless ? -32602 : -32002);
    expect((error as ResourceNotFoundError).uri).toBe('demo://nothing');
  });

  it('refuses methods the revision lacks, locally', async () => {
    const linked = await link(demoServer(), { era });
    const { client } = linked;
    if (stateless) {
      await expectLocalError(client.ping(), 'NOT_SUPPORTED');
      await expectLocalError(client.request('resources/subscribe', { uri: 'demo://readme' }), 'NOT_SUPPORTED');
      expect(await client.discover()).toMatchObject({ supportedVersions: expect.arrayContaining(['2026-07-28']) as unknown });
    } else {
      expect(await client.ping()).toEqual({});
      await expectLocalError(client.discover(), 'NOT_SUPPORTED');
    }
    await expectLocalError(client.request('initialize'), 'INVALID_ARGUMENT');
    await expectLocalError(client.request('subscriptions/listen', { notifications: {} }), 'INVALID_ARGUMENT');
  });

  it('receives log messages at the level it set', async () => {
    const linked = await link(demoServer(), { era });
    const { client } = linked;
    const lines: unknown[] = [];
    const off = client.onNotification('notifications/message', (params) => lines.push(params.data));
    await client.setLoggingLevel({ level: 'info' });
    await client.callTool({ name: 'log', arguments: {} });
    await waitTicks();
    expect(lines).toEqual(['an info line']);
    off();
    await client.callTool({ name: 'log', arguments: {} });
    await waitTicks();
    expect(lines).toEqual(['an info line']);
  });
});

describe('capabilities', () => {
  it.each(ERAS)('refuses what the server does not offer (%s)', async (era) => {
    const server = new McpServer({ name: 'tools-only', version: '1', capabilities: { logging: false } });
    server.tool({ name: 't' }, () => 'ok');
    const linked = await link(server, { era });
    const error = await expectLocalError(linked.client.listPrompts(), 'NOT_SUPPORTED');
    expect(error.message).toContain('prompts');
    await expectLocalError(linked.client.readResource({ uri: 'x://y' }), 'NOT_SUPPORTED');
    const completing = linked.client.complete({ ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } });
    // 2024-11-05 has no completions capability: the request goes out, and the server refuses it.
    if (era === '2024-11-05') await expectRpcError(completing, -32601);
    else await expectLocalError(completing, 'NOT_SUPPORTED');
    expect((await linked.client.listTools()).tools).toHaveLength(1);
  });

  it('refuses calls before connect and after close', async () => {
    const server = demoServer();
    const linked = await link(server);
    const { client } = linked;
    await client.close();
    expect(client.isConnected).toBe(false);
    const error = await client.listTools().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalError);
    expect((error as LocalError).code).toBe('CONNECTION_CLOSED');
  });
});

/** Lets in-memory notifications arrive. */
function waitTicks(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 10));
}
