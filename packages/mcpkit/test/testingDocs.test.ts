// The snippets of docs/testing.md, run as written (imports from the sources
// instead of the package). Keep the two in step: a snippet that stops
// working here is wrong in the docs too.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorCode } from '../src/protocol/errorCodes.js';
import { McpServer } from '../src/server/server.js';
import { connectInMemory, expectRpcError, expectToolError, expectToolResult } from '../src/testing/index.js';

function weather(): McpServer {
  const server = new McpServer({ name: 'weather', version: '1.0.0' });
  server.tool({ name: 'forecast', input: z.object({ city: z.string() }) }, ({ city }) => {
    if (city === 'Atlantis') return { content: [{ type: 'text', text: `Unknown city: ${city}` }], isError: true };
    return `Sunny in ${city}`;
  });
  return server;
}

function greeter(): McpServer {
  const server = new McpServer({ name: 'greeter', version: '1.0.0' });
  server.tool({ name: 'greet' }, async (_args, ctx) => {
    await ctx.log('info', 'greeting');
    const answer = await ctx.elicit({
      message: 'Your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
    return answer.action === 'accept' ? `Hello, ${String(answer.content?.['name'])}!` : 'Hello!';
  });
  return server;
}

describe('docs/testing.md', () => {
  it('forecasts, and refuses a city that does not exist', async () => {
    await using client = await connectInMemory(weather());
    expectToolResult(await client.callTool({ name: 'forecast', arguments: { city: 'Paris' } }), 'Sunny in Paris');
    expectToolError(await client.callTool({ name: 'forecast', arguments: { city: 'Atlantis' } }), /Unknown city/);
  });

  for (const era of ['handshake', 'stateless'] as const) {
    it(`greets (${era})`, async () => {
      const server = new McpServer({ name: 'hello', version: '1.0.0' });
      server.tool({ name: 'greet' }, () => 'Hello!');
      await using client = await connectInMemory(server, { era });
      expectToolResult(await client.callTool({ name: 'greet' }), 'Hello!');
      expect(client.era).toBe(era);
    });
  }

  it('answers with handlers and lists what the server asked', async () => {
    const client = await connectInMemory(greeter(), {
      handlers: {
        elicitation: { form: () => ({ action: 'accept', content: { name: 'Ada' } }) },
        sampling: { createMessage: () => ({ role: 'assistant', content: { type: 'text', text: 'Hi!' }, model: 'test' }) },
        roots: { list: () => [{ uri: 'file:///tmp/project' }] },
      },
    });
    try {
      expectToolResult(await client.callTool({ name: 'greet' }), 'Hello, Ada!');
      expect(client.inputs).toEqual([
        { method: 'elicitation/create', params: expect.objectContaining({ message: 'Your name?' }) as unknown },
      ]);
    } finally {
      await client.close();
    }
  });

  it('shows what crossed the wire', async () => {
    await using client = await connectInMemory(greeter(), {
      era: 'handshake',
      handlers: { elicitation: { form: () => ({ action: 'decline' }) } },
    });
    await client.setLoggingLevel({ level: 'info' });
    client.wire.clear();
    await client.callTool({ name: 'greet' });
    // (then the client lists the tools, to learn the output schema it checks results against)
    expect(client.wire.methods().slice(0, 3)).toEqual(['tools/call', 'notifications/message', 'elicitation/create']);
    expect(client.wire.requests('tools/call')[0]?.params).toMatchObject({ name: 'greet' });
    expect(client.wire.notifications('notifications/message')[0]?.params).toMatchObject({ level: 'info', data: 'greeting' });
    expect(client.wire.requests('elicitation/create', 'server')).toHaveLength(1);
  });

  it('tells a JSON-RPC error from a tool error', async () => {
    await using client = await connectInMemory(weather());
    await expectRpcError(client.callTool({ name: 'nope' }), ErrorCode.InvalidParams, /Unknown tool/);
  });
});

describe('README.md, Testing your server', () => {
  it('adds', async () => {
    const server = new McpServer({ name: 'example', version: '1.0.0' });
    server.tool(
      { name: 'add', description: 'Adds two numbers', input: z.object({ a: z.number(), b: z.number() }) },
      ({ a, b }) => ({ sum: a + b }),
    );
    await using client = await connectInMemory(server);
    expectToolResult(await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } }), '{"sum":3}');
    expect(client.wire.methods()).toEqual(['server/discover', 'tools/call', 'tools/list']);
  });
});
