// The snippets of docs/client.md, run against an in-memory server (the stdio
// transport of the first snippet is swapped for the in-memory pair). Keep the
// two in step: a snippet that stops working here is wrong in the docs too.
import { describe, expect, it } from 'vitest';
import { McpClient } from '../../src/client/client.js';
import { isResourceNotFound } from '../../src/client/errors.js';
import { createInMemoryPair } from '../../src/testing/index.js';
import type { CreateMessageParams, CreateMessageResult, ElicitValue } from '../../src/protocol/types/index.js';
import { sleep } from '../helpers.js';
import { demoServer } from './harness.js';

async function connected(client: McpClient): Promise<ReturnType<typeof demoServer>> {
  const server = demoServer();
  server.tool({ name: 'slow' }, async (_args, ctx) => {
    await ctx.progress(1, 2);
    await sleep(1);
    await ctx.progress(2, 2);
    return 'done';
  });
  const [clientSide, serverSide] = createInMemoryPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return server;
}

describe('docs/client.md', () => {
  it('connect, call, lists, errors, logging', async () => {
    const client = new McpClient({ name: 'my-app', version: '1.0.0' });
    await connected(client);
    expect([client.era, client.revision, client.serverInfo?.name, client.instructions]).toEqual([
      'stateless',
      '2026-07-28',
      'demo',
      'Be nice.',
    ]);

    const { tools } = await client.listTools();
    const result = await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } });
    const { contents } = await client.readResource({ uri: 'demo://readme' });
    const prompt = await client.getPrompt({ name: 'greet', arguments: { who: 'Ada' } });
    const { completion } = await client.complete({
      ref: { type: 'ref/prompt', name: 'greet' },
      argument: { name: 'who', value: 'A' },
    });
    await client.request('tools/list', {});
    expect([tools.length, result.structuredContent, contents[0], prompt.messages.length, completion.values]).toEqual([
      4,
      { sum: 3 },
      { uri: 'demo://readme', mimeType: 'text/plain', text: 'Read me.' },
      1,
      ['Ada', 'Alan'],
    ]);

    const progress: number[] = [];
    const controller = new AbortController();
    await client.callTool(
      { name: 'slow' },
      {
        signal: controller.signal,
        timeoutMs: 10_000,
        resetTimeoutOnProgress: true,
        onProgress: (p) => progress.push(p.progress),
      },
    );
    expect(progress).toEqual([1, 2]);

    let notFound = false;
    try {
      await client.readResource({ uri: 'demo://missing' });
    } catch (error) {
      if (isResourceNotFound(error)) notFound = true;
    }
    expect(notFound).toBe(true);

    const names: string[] = [];
    for await (const tool of client.tools()) names.push(tool.name);
    const all = await client.listAllResources();
    expect([names, all.length]).toEqual([['echo', 'add', 'log', 'slow'], 1]);

    const lines: unknown[] = [];
    client.onNotification('notifications/message', (params) => lines.push(params.data));
    await client.setLoggingLevel({ level: 'info' });
    await client.callTool({ name: 'log' });
    await sleep(5);
    expect(lines).toEqual(['an info line']);
    await client.close();
  });

  it('handlers and subscriptions', async () => {
    const showForm = (schema: { properties: object }): Promise<Record<string, ElicitValue>> =>
      Promise.resolve({ seen: Object.keys(schema.properties).join(',') });
    const askConsent = (url: string): Promise<boolean> => Promise.resolve(url.startsWith('https:'));
    const callMyModel = (params: CreateMessageParams): CreateMessageResult => ({
      role: 'assistant',
      content: { type: 'text', text: `${String(params.maxTokens)} tokens` },
      model: 'mine',
    });
    const client = new McpClient({
      name: 'my-app',
      version: '1.0.0',
      handlers: {
        elicitation: {
          form: async (params) => ({ action: 'accept', content: await showForm(params.requestedSchema) }),
          url: async (params) => ({ action: (await askConsent(params.url)) ? 'accept' : 'decline' }),
        },
        sampling: { tools: true, createMessage: (params) => callMyModel(params) },
        roots: { list: () => [{ uri: 'file:///home/me/project', name: 'project' }], listChanged: true },
      },
    });
    const server = await connected(client);
    server.tool({ name: 'ask' }, async (_a, ctx) => {
      const form = await ctx.elicit({
        message: 'm',
        requestedSchema: { type: 'object', properties: { x: { type: 'string' }, y: { type: 'string', default: 'why' } } },
      });
      const sampled = await ctx.sample({ messages: [], maxTokens: 3 });
      return JSON.stringify([form.content, sampled.content, (await ctx.listRoots()).roots[0]?.name]);
    });
    const asked = await client.callTool({ name: 'ask' });
    expect(asked.content).toEqual([
      { type: 'text', text: '[{"seen":"x,y","y":"why"},{"type":"text","text":"3 tokens"},"project"]' },
    ]);

    const seen: string[] = [];
    const subscription = await client.subscribe(
      { toolsListChanged: true, resources: ['demo://readme'] },
      ({ method, params }) => {
        seen.push(`${method} ${typeof params['uri'] === 'string' ? params['uri'] : ''}`);
      },
    );
    expect(subscription.acknowledged).toEqual({ toolsListChanged: true, resources: ['demo://readme'] });
    server.notifyResourceUpdated('demo://readme');
    await sleep(5);
    await subscription.close();
    expect(seen).toEqual(['notifications/resources/updated demo://readme']);
    await client.close();
  });
});
