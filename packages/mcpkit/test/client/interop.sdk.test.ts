// Interop: the official servers driven by mcpkit's client, through an adapter
// between their transport interface and ours.
// - v1 (`@modelcontextprotocol/sdk` 1.x McpServer): handshake only; `auto`
//   falls back from server/discover (-32601) to initialize.
// - v2 (`@modelcontextprotocol/server` McpServer behind `serveStdio`, which
//   picks the era from the opening message): stateless with `auto` (discover,
//   input_required rounds), handshake when pinned (real server-to-client requests).
import { McpServer as V1Server, ResourceTemplate as V1Template } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTransport as V1Memory } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  acceptedContent,
  inputRequired,
  InMemoryTransport as V2Memory,
  McpServer as V2Server,
} from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpClient } from '../../src/client/client.js';
import { isResourceNotFound } from '../../src/client/errors.js';
import type { ClientHandlers, ClientOptions } from '../../src/client/options.js';
import { expectLocalError, waitFor } from '../helpers.js';
import { fromSdkTransport } from './sdkTransport.js';

const handlers: ClientHandlers = {
  elicitation: { form: (params) => ({ action: 'accept', content: { name: `Ada (asked: ${params.message})` } }) },
  sampling: {
    createMessage: (params) => ({
      role: 'assistant',
      content: { type: 'text', text: `sampled ${String(params.maxTokens)}` },
      model: 'mcpkit-test',
    }),
  },
  roots: { list: () => [{ uri: 'file:///srv', name: 'srv' }] },
};

let clients: McpClient[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const client of clients) await client.close();
  for (const close of closers.splice(0)) await close();
  clients = [];
});

function newClient(options: Partial<ClientOptions> = {}): McpClient {
  const client = new McpClient({ name: 'mcpkit-interop', version: '1.0.0', timeoutMs: 5_000, handlers, ...options });
  clients.push(client);
  return client;
}

function v1Server(): V1Server {
  const server = new V1Server({ name: 'official-v1', version: '1.0.0' }, { capabilities: { logging: {} } });
  server.registerTool(
    'add',
    { inputSchema: { a: z.number(), b: z.number() }, outputSchema: { sum: z.number() } },
    ({ a, b }) => ({
      content: [{ type: 'text', text: String(a + b) }],
      structuredContent: { sum: a + b },
    }),
  );
  server.registerTool('ask', { inputSchema: {} }, async () => {
    const answer = await server.server.elicitInput({
      message: 'Name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
    });
    return { content: [{ type: 'text', text: `${answer.action}: ${String(answer.content?.['name'])}` }] };
  });
  server.registerTool('sample', { inputSchema: {} }, async () => {
    const sampled = await server.server.createMessage({
      messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }],
      maxTokens: 42,
    });
    return { content: [{ type: 'text', text: JSON.stringify(sampled.content) }] };
  });
  server.registerTool('roots', { inputSchema: {} }, async () => ({
    content: [{ type: 'text', text: JSON.stringify((await server.server.listRoots()).roots) }],
  }));
  server.registerResource('readme', 'v1://readme', { mimeType: 'text/plain' }, (uri) => ({
    contents: [{ uri: uri.href, text: 'v1 readme' }],
  }));
  server.registerResource('item', new V1Template('v1://items/{id}', { list: undefined }), {}, (uri, { id }) => ({
    contents: [{ uri: uri.href, text: `item ${String(id)}` }],
  }));
  server.registerPrompt('greet', { argsSchema: { who: z.string() } }, ({ who }) => ({
    messages: [{ role: 'user', content: { type: 'text', text: `Hello ${who}` } }],
  }));
  return server;
}

async function connectV1(server: V1Server, options: Partial<ClientOptions> = {}): Promise<McpClient> {
  const [clientSide, serverSide] = V1Memory.createLinkedPair();
  await server.connect(serverSide);
  closers.push(() => server.close());
  const client = newClient(options);
  await client.connect(fromSdkTransport(clientSide));
  return client;
}

describe('official v1 server', () => {
  it('negotiates the handshake era from auto', async () => {
    const client = await connectV1(v1Server());
    expect(client.era).toBe('handshake');
    expect(client.revision).toBe('2025-11-25');
    expect(client.serverInfo).toMatchObject({ name: 'official-v1' });
  });

  it.each(['auto', '2025-06-18', '2024-11-05'] as const)('calls tools, reads resources, gets prompts (%s)', async (era) => {
    const client = await connectV1(v1Server(), { era });
    expect((await client.listAllTools()).map((t) => t.name)).toEqual(['add', 'ask', 'sample', 'roots']);
    const sum = await client.callTool({ name: 'add', arguments: { a: 2, b: 40 } });
    expect(sum.content).toEqual([{ type: 'text', text: '42' }]);
    if (era !== '2024-11-05') expect(sum.structuredContent).toEqual({ sum: 42 });
    expect((await client.readResource({ uri: 'v1://readme' })).contents).toEqual([{ uri: 'v1://readme', text: 'v1 readme' }]);
    expect((await client.readResource({ uri: 'v1://items/9' })).contents[0]).toMatchObject({ text: 'item 9' });
    expect((await client.getPrompt({ name: 'greet', arguments: { who: 'Ada' } })).messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'Hello Ada' } },
    ]);
    expect((await client.listAllResourceTemplates()).map((t) => t.uriTemplate)).toEqual(['v1://items/{id}']);
  });

  it('answers its elicitation, sampling and roots requests', async () => {
    const client = await connectV1(v1Server());
    expect((await client.callTool({ name: 'ask' })).content).toEqual([{ type: 'text', text: 'accept: Ada (asked: Name?)' }]);
    expect((await client.callTool({ name: 'sample' })).content).toEqual([
      { type: 'text', text: '{"type":"text","text":"sampled 42"}' },
    ]);
    expect((await client.callTool({ name: 'roots' })).content).toEqual([
      { type: 'text', text: '[{"uri":"file:///srv","name":"srv"}]' },
    ]);
  });

  it('reports an unknown resource as not found', async () => {
    const client = await connectV1(v1Server());
    const error = await client.readResource({ uri: 'v1://nothing' }).catch((e: unknown) => e);
    expect(isResourceNotFound(error)).toBe(true);
  });

  it('tells of tools registered at run time', async () => {
    const server = v1Server();
    const client = await connectV1(server);
    const seen: string[] = [];
    const subscription = await client.subscribe({ toolsListChanged: true }, (n) => seen.push(n.method));
    expect(subscription.acknowledged).toEqual({ toolsListChanged: true });
    server.registerTool('late', { inputSchema: {} }, () => ({ content: [] }));
    await waitFor(() => seen.length > 0);
    expect(seen[0]).toBe('notifications/tools/list_changed');
    expect((await client.listAllTools()).map((t) => t.name)).toContain('late');
  });

  it('cannot be spoken to in the stateless era', async () => {
    const [clientSide, serverSide] = V1Memory.createLinkedPair();
    const server = v1Server();
    await server.connect(serverSide);
    closers.push(() => server.close());
    await expectLocalError(newClient({ era: 'stateless' }).connect(fromSdkTransport(clientSide)), 'NOT_SUPPORTED');
  });
});

function v2Factory(): V2Server {
  const server = new V2Server({ name: 'official-v2', version: '2.0.0' });
  server.registerTool(
    'add',
    { inputSchema: z.object({ a: z.number(), b: z.number() }), outputSchema: z.object({ sum: z.number() }) },
    ({ a, b }) => ({
      content: [{ type: 'text', text: String(a + b) }],
      structuredContent: { sum: a + b },
    }),
  );
  // Written once for both eras: input_required in 2026-07-28, a real request (the SDK's shim) before.
  server.registerTool('confirm', { inputSchema: z.object({ what: z.string() }) }, ({ what }, ctx) => {
    const answer = acceptedContent(ctx.mcpReq.inputResponses, 'confirm');
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          confirm: inputRequired.elicit({ message: `Do ${what}?`, requestedSchema: z.object({ name: z.string() }) }),
        },
      });
    }
    return { content: [{ type: 'text', text: `${what} confirmed by ${String(answer['name'])}` }] };
  });
  server.registerTool('sample', { inputSchema: z.object({}) }, (_args, ctx) => {
    const answer = ctx.mcpReq.inputResponses?.['llm'] as { content?: { text?: string } } | undefined;
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          llm: inputRequired.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 7 }),
        },
      });
    }
    return { content: [{ type: 'text', text: String(answer.content?.text) }] };
  });
  server.registerResource('readme', 'v2://readme', { mimeType: 'text/markdown' }, (uri) => ({
    contents: [{ uri: uri.href, text: '# v2' }],
  }));
  server.registerPrompt('greet', { argsSchema: z.object({ who: z.string() }) }, ({ who }) => ({
    messages: [{ role: 'user', content: { type: 'text', text: `Hi ${who}` } }],
  }));
  return server;
}

async function connectV2(options: Partial<ClientOptions> = {}): Promise<McpClient> {
  const [clientSide, serverSide] = V2Memory.createLinkedPair();
  const handle = serveStdio(v2Factory, { transport: serverSide, onerror: () => undefined });
  closers.push(() => handle.close());
  const client = newClient(options);
  await client.connect(fromSdkTransport(clientSide));
  return client;
}

describe.each([
  ['auto', 'stateless', '2026-07-28'],
  ['2025-11-25', 'handshake', '2025-11-25'],
  ['2025-03-26', 'handshake', '2025-03-26'],
] as const)('official v2 server (%s)', (era, expectedEra, revision) => {
  it('negotiates', async () => {
    const client = await connectV2({ era });
    expect(client.era).toBe(expectedEra);
    expect(client.revision).toBe(revision);
    expect(client.serverInfo).toMatchObject({ name: 'official-v2', version: '2.0.0' });
  });

  it('calls tools, reads resources, gets prompts', async () => {
    const client = await connectV2({ era });
    const sum = await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } });
    expect(sum.content).toEqual([{ type: 'text', text: '3' }]);
    if (revision >= '2025-06-18') expect(sum.structuredContent).toEqual({ sum: 3 });
    expect((await client.readResource({ uri: 'v2://readme' })).contents).toEqual([{ uri: 'v2://readme', text: '# v2' }]);
    expect((await client.getPrompt({ name: 'greet', arguments: { who: 'Bob' } })).messages[0]?.content).toEqual({
      type: 'text',
      text: 'Hi Bob',
    });
    expect((await client.listAllPrompts()).map((p) => p.name)).toEqual(['greet']);
  });

  it('answers its elicitation and sampling', async () => {
    const client = await connectV2({ era });
    expect((await client.callTool({ name: 'confirm', arguments: { what: 'deploy' } })).content).toEqual([
      { type: 'text', text: 'deploy confirmed by Ada (asked: Do deploy?)' },
    ]);
    expect((await client.callTool({ name: 'sample', arguments: {} })).content).toEqual([{ type: 'text', text: 'sampled 7' }]);
  });
});
