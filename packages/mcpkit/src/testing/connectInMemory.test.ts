import { describe, expect, it } from 'vitest';
import { LocalError } from '../jsonrpc/localError.js';
import type { ClientHandlers } from '../client/options.js';
import { McpServer } from '../server/server.js';
import { connectInMemory, type InMemoryServable } from './connectInMemory.js';
import { expectRpcError, expectToolResult } from './expectations.js';

const ERAS = ['handshake', 'stateless'] as const;

function greeter(): McpServer {
  const server = new McpServer({ name: 'greeter', version: '1.2.3' });
  server.tool({ name: 'echo', input: { type: 'object', properties: { text: { type: 'string' } } } }, (args) =>
    String((args as { text?: string }).text),
  );
  server.tool({ name: 'greet' }, async (_args, ctx) => {
    const answer = await ctx.elicit({
      message: 'Your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
    return answer.action === 'accept' ? `Hello, ${String(answer.content?.['name'])}!` : `(${answer.action})`;
  });
  server.tool({ name: 'ask-model' }, async (_args, ctx) => {
    const reply = await ctx.sample({ messages: [{ role: 'user', content: { type: 'text', text: 'Hi?' } }], maxTokens: 5 });
    const block = 'type' in reply.content ? reply.content : reply.content[0];
    return block?.type === 'text' ? block.text : String(block?.type);
  });
  server.tool({ name: 'count-roots' }, async (_args, ctx) => String((await ctx.listRoots()).roots.length));
  server.tool({ name: 'whoami' }, (_args, ctx) => JSON.stringify(ctx.auth ?? null));
  return server;
}

const HANDLERS: ClientHandlers = {
  elicitation: { form: () => ({ action: 'accept', content: { name: 'Ada' } }) },
  sampling: {
    createMessage: () => ({ role: 'assistant', content: { type: 'text', text: 'Hello.' }, model: 'test-model' }),
  },
  roots: { list: () => [{ uri: 'file:///tmp/a' }, { uri: 'file:///tmp/b' }] },
};

describe('connectInMemory', () => {
  it('negotiates as a real client does: the newest era the server speaks', async () => {
    const client = await connectInMemory(greeter());
    try {
      expect(client.era).toBe('stateless');
      expect(client.revision).toBe('2026-07-28');
      expect(client.serverInfo).toMatchObject({ name: 'greeter', version: '1.2.3' });
      expect(client.info).toMatchObject({ name: 'test-client' });
      expect(client.wire.methods('client')[0]).toBe('server/discover');
      expectToolResult(await client.callTool({ name: 'echo', arguments: { text: 'hi' } }), 'hi');
    } finally {
      await client.close();
    }
  });

  it('speaks the handshake era when asked, initialize first', async () => {
    const client = await connectInMemory(greeter(), { era: 'handshake' });
    try {
      expect(client.era).toBe('handshake');
      expect(client.revision).toBe('2025-11-25');
      expect(client.wire.methods('client').slice(0, 2)).toEqual(['initialize', 'notifications/initialized']);
      expect(client.session.clientInfo).toMatchObject({ name: 'test-client' });
    } finally {
      await client.close();
    }
  });

  it('pins one revision', async () => {
    const client = await connectInMemory(greeter(), { era: '2024-11-05', name: 'pinned', version: '9' });
    try {
      expect(client.revision).toBe('2024-11-05');
      expect(client.session.revision).toBe('2024-11-05');
      expect(client.wire.requests('initialize')[0]?.params).toMatchObject({ clientInfo: { name: 'pinned', version: '9' } });
    } finally {
      await client.close();
    }
  });

  for (const era of ERAS) {
    it(`answers elicitation, sampling and roots with the handlers, and lists them alike (${era})`, async () => {
      const client = await connectInMemory(greeter(), { era, handlers: HANDLERS });
      try {
        expectToolResult(await client.callTool({ name: 'greet' }), 'Hello, Ada!');
        expectToolResult(await client.callTool({ name: 'ask-model' }), 'Hello.');
        expectToolResult(await client.callTool({ name: 'count-roots' }), '2');
        expect(client.inputs.map((i) => i.method)).toEqual(['elicitation/create', 'sampling/createMessage', 'roots/list']);
        expect(client.inputs[0]).toMatchObject({ params: { message: 'Your name?' } });
        // The wire shows how each era carried them: server requests, or input_required rounds.
        const asked = client.wire.requests('elicitation/create', 'server');
        expect(asked).toHaveLength(era === 'handshake' ? 1 : 0);
      } finally {
        await client.close();
      }
    });
  }

  for (const era of ERAS) {
    it(`declares nothing without handlers, so the server's request is refused (${era})`, async () => {
      const client = await connectInMemory(greeter(), { era });
      try {
        expect(client.capabilities).not.toHaveProperty('elicitation');
        await expectRpcError(client.callTool({ name: 'greet' }), -32021, /does not support elicitation/);
        expect(client.inputs).toEqual([]);
      } finally {
        await client.close();
      }
    });
  }

  it('hands the server the auth a transport would have attached', async () => {
    const client = await connectInMemory(greeter(), { auth: { sub: 'user-1' } });
    try {
      expectToolResult(await client.callTool({ name: 'whoami' }), '{"sub":"user-1"}');
    } finally {
      await client.close();
    }
  });

  it('closes both sides, and a closed client refuses calls', async () => {
    const server = greeter();
    const client = await connectInMemory(server, { era: 'handshake' });
    let serverClosed = false;
    client.onClose(() => {
      serverClosed = true;
    });
    await client.close();
    expect(client.isConnected).toBe(false);
    expect(serverClosed).toBe(true);
    await expect(client.callTool({ name: 'echo', arguments: {} })).rejects.toBeInstanceOf(LocalError);
  });

  it('is disposable with await using', async () => {
    let outside: Awaited<ReturnType<typeof connectInMemory>> | undefined;
    {
      await using client = await connectInMemory(greeter());
      outside = client;
      expect(client.isConnected).toBe(true);
    }
    expect(outside.isConnected).toBe(false);
  });

  it('rejects, and closes the server side, when the connection fails', async () => {
    const server = greeter();
    let closed = false;
    const refusing: InMemoryServable = {
      connect: async (transport) => {
        const session = await server.connect(transport);
        await transport.close();
        closed = true;
        return session;
      },
    };
    await expect(connectInMemory(refusing, { era: 'handshake' })).rejects.toBeInstanceOf(LocalError);
    expect(closed).toBe(true);
  });
});
