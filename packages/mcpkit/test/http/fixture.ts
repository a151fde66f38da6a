/**
 * The server the HTTP tests serve: tools that answer plainly, stream progress
 * and logs, ask the client (elicitation, sampling), run slowly (cancellation),
 * close their stream mid-call (polling), and mirror arguments into headers
 * (`x-mcp-header`); a static resource, a template and a prompt.
 *
 * @module
 */
import { z } from 'zod';
import type { HttpTransportInfo } from '../../src/http/server/exchange.js';
import type { RequestId } from '../../src/jsonrpc/message.js';
import { McpServer } from '../../src/server/server.js';

/** What tests observe or wire in after the handler exists. */
export interface FixtureHooks {
  /** Set by the test: closes the stream of a request (`handler.http.closeStream`); unset, the tool uses `ctx.transport.closeSseStream`. */
  closeStream: ((sessionId: string, requestId: RequestId) => boolean) | undefined;
  /** Names of tools whose signal fired. */
  readonly aborted: string[];
}

/** A fixture server and its hooks. */
export interface Fixture {
  readonly server: McpServer;
  readonly hooks: FixtureHooks;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function makeFixture(): Fixture {
  const hooks: FixtureHooks = { closeStream: undefined, aborted: [] };
  const server = new McpServer({ name: 'http-fixture', version: '1.0.0' });
  server.tool(
    { name: 'echo', description: 'Echoes its text', input: z.object({ text: z.string() }) },
    ({ text }) => `echo: ${text}`,
  );
  server.tool(
    {
      name: 'progress',
      description: 'Reports progress, then answers',
      input: z.object({ steps: z.number().int(), delayMs: z.number().int().default(0) }),
    },
    async ({ steps, delayMs }, ctx) => {
      for (let i = 1; i <= steps; i++) {
        await ctx.progress(i, steps, `step ${i}`);
        if (delayMs > 0) await sleep(delayMs);
      }
      return `done ${steps}`;
    },
  );
  server.tool({ name: 'log', description: 'Logs three messages' }, async (_args, ctx) => {
    for (const text of ['one', 'two', 'three']) await ctx.log('info', text);
    return 'logged';
  });
  server.tool({ name: 'elicit', description: 'Asks the user for a name' }, async (_args, ctx) => {
    const answer = await ctx.elicit({
      message: 'Your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
    return answer.action === 'accept' ? `hello ${String(answer.content?.['name'])}` : `no name (${answer.action})`;
  });
  server.tool(
    { name: 'sample', description: 'Asks the client model', input: z.object({ prompt: z.string() }) },
    async ({ prompt }, ctx) => {
      const reply = await ctx.sample({ messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens: 50 });
      const content = reply.content as { type: string; text?: string };
      return `model said: ${content.text ?? ''}`;
    },
  );
  server.tool(
    { name: 'slow', description: 'Waits, or stops when cancelled', input: z.object({ ms: z.number().int() }) },
    ({ ms }, ctx) => {
      return new Promise<string>((resolve) => {
        const timer = setTimeout(() => {
          resolve(`slept ${ms}`);
        }, ms);
        ctx.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          hooks.aborted.push('slow');
          resolve('aborted');
        });
      });
    },
  );
  server.tool(
    {
      name: 'reconnect',
      description: 'Closes its stream mid-call, then answers',
      input: z.object({ steps: z.number().int().default(2) }),
    },
    async ({ steps }, ctx) => {
      await ctx.progress(1, steps + 1, 'before the cut');
      if (hooks.closeStream !== undefined) hooks.closeStream(ctx.sessionId ?? '', ctx.requestId);
      else (ctx.transport as HttpTransportInfo | undefined)?.closeSseStream?.();
      for (let i = 2; i <= steps + 1; i++) {
        await sleep(30);
        await ctx.progress(i, steps + 1, `after the cut ${i}`);
      }
      await sleep(30);
      return 'reconnected';
    },
  );
  server.tool({ name: 'transport', description: 'Reports what ctx.transport shows' }, (_args, ctx) => {
    const info = ctx.transport as HttpTransportInfo;
    return {
      method: info.method,
      path: info.path,
      sessionId: info.sessionId ?? null,
      userAgent: info.header('user-agent') ?? null,
      canPoll: info.closeSseStream !== undefined,
    };
  });
  server.tool(
    {
      name: 'region',
      description: 'Mirrors arguments into Mcp-Param headers',
      input: {
        type: 'object',
        properties: {
          region: { type: 'string', 'x-mcp-header': 'Region' },
          count: { type: 'integer', 'x-mcp-header': 'Count' },
          flag: { type: 'boolean', 'x-mcp-header': 'Flag' },
          place: { type: 'object', properties: { zone: { type: 'string', 'x-mcp-header': 'Zone' } } },
          query: { type: 'string' },
        },
      },
    },
    (args) => `region ${String((args as { region?: string }).region)}`,
  );
  server.resource({ uri: 'test://static', name: 'static', mimeType: 'text/plain' }, () => 'static text');
  server.resourceTemplate({ uriTemplate: 'test://item/{id}', name: 'item' }, (_uri, { id }) => `item ${id}`);
  server.prompt(
    { name: 'greet', description: 'Greets', arguments: [{ name: 'name', required: true }] },
    (args) => `Hello ${String(args['name'])}`,
  );
  return { server, hooks };
}
