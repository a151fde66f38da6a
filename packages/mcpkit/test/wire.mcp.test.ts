/**
 * Golden wire transcripts of MCP itself (`wire/mcp-*.txt`): exactly what a
 * client sends and what the server answers, line by line, for every
 * revision, against a small deterministic server defined here. Replayed by
 * the one transcript runner (`wireTranscript.ts`; the format, with its
 * `! server {options}` line and `"<capture:NAME>"` placeholders, is in
 * `wire/README.md`). Sealed `requestState` tokens and cursors are random per
 * process, hence the captures.
 *
 * `UPDATE_GOLDEN=1 npx vitest run packages/mcpkit/test/wire.mcp.test.ts`
 * rewrites the `<` lines from what the server sent (keeping placeholders).
 *
 * @module
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { completeFrom } from '../src/server/completion.js';
import type { ServerOptions } from '../src/server/options.js';
import { McpServer } from '../src/server/server.js';
import { runTranscript } from './wireTranscript.js';

const WIRE_DIR = fileURLToPath(new URL('./wire/', import.meta.url));

/** The server every transcript talks to. Deterministic: no clocks, no randomness in what it returns. */
function makeServer(options: Partial<ServerOptions>): McpServer {
  const server = new McpServer({ name: 'wire', version: '1.0.0', pageSize: 6, ...options });
  const form = (
    message: string,
  ): { message: string; requestedSchema: { type: 'object'; properties: { name: { type: 'string' } }; required: string[] } } => ({
    message,
    requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  });
  const nameOf = (answer: { action: string; content?: Readonly<Record<string, unknown>> }): string =>
    answer.action === 'accept' ? String(answer.content?.['name']) : `(${answer.action})`;
  server.tool(
    {
      name: 'echo',
      description: 'Returns its text',
      input: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false },
    },
    (args) => (args as { text: string }).text,
  );
  server.tool(
    {
      name: 'add',
      description: 'Adds',
      input: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
      output: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
    },
    (args) => {
      const { a, b } = args as { a: number; b: number };
      return { sum: a + b };
    },
  );
  server.tool(
    {
      name: 'ask',
      description: 'Asks the user for a name',
      input: { type: 'object', properties: { question: { type: 'string' } } },
    },
    async (args, ctx) => {
      const answer = await ctx.elicit(form((args as { question?: string }).question ?? 'What is your name?'), { key: 'name' });
      return `Hello, ${nameOf(answer)}!`;
    },
  );
  server.tool({ name: 'sample', description: 'Asks the model' }, async (_args, ctx) => {
    const answer = await ctx.sample(
      { messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }], maxTokens: 10 },
      { key: 'hi' },
    );
    return `${answer.model} said: ${JSON.stringify(answer.content)}`;
  });
  server.tool(
    { name: 'roots', description: 'Counts the roots' },
    async (_args, ctx) => `${String((await ctx.listRoots({ key: 'roots' })).roots.length)} root(s)`,
  );
  server.tool({ name: 'both', description: 'Asks for a name and the roots at once' }, async (_args, ctx) => {
    const [answer, { roots }] = await Promise.all([ctx.elicit(form('Name?'), { key: 'name' }), ctx.listRoots({ key: 'roots' })]);
    return `${nameOf(answer)} has ${String(roots.length)} root(s)`;
  });
  server.tool({ name: 'twice', description: 'Asks two questions, one after the other' }, async (_args, ctx) => {
    const first = await ctx.elicit(form('First name?'), { key: 'first' });
    const last = await ctx.elicit(form('Last name?'), { key: 'last' });
    return `${nameOf(first)} ${nameOf(last)}`;
  });
  server.tool({ name: 'steps', description: 'Reports progress and logs' }, async (_args, ctx) => {
    await ctx.progress(1, 2, 'half');
    await ctx.progress(2, 2, 'done');
    await ctx.log('warning', 'careful', 'wire');
    await ctx.log('debug', 'details', 'wire');
    return 'ok';
  });
  server.tool({ name: 'visit', description: 'Sends the user to a page' }, async (_args, ctx) => {
    const answer = await ctx.elicit({ mode: 'url', message: 'Open the page', url: 'https://example.com/wire' }, { key: 'visit' });
    return `Visit: ${answer.action}`;
  });
  server.tool({ name: 'wait', description: 'Waits until cancelled' }, (_args, ctx) => {
    return new Promise((_resolve, reject) => {
      ctx.signal.addEventListener('abort', () => {
        reject(new Error('cancelled'));
      });
    });
  });
  server.tool({ name: 'touch', description: 'Changes test://hello' }, () => {
    server.notifyResourceUpdated('test://hello');
    return 'touched';
  });
  server.resource({ uri: 'test://hello', name: 'hello', mimeType: 'text/plain' }, () => 'Hello');
  server.resourceTemplate(
    { uriTemplate: 'test://items/{id}', name: 'item', complete: { id: completeFrom(['1', '2', '10']) } },
    (_uri, { id }) => {
      return `Item ${id}`;
    },
  );
  server.prompt(
    { name: 'greet', description: 'Greets', arguments: [{ name: 'name', required: true }] },
    ({ name }) => `Hello, ${name ?? ''}!`,
  );
  return server;
}

const FILES = readdirSync(WIRE_DIR)
  .filter((f) => /^mcp-.*\.txt$/.test(f))
  .sort();

describe('MCP wire transcripts', () => {
  it('has a transcript for every revision', () => {
    for (const revision of ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28']) {
      expect(
        FILES.some((f) => f.startsWith(`mcp-${revision}`)),
        revision,
      ).toBe(true);
    }
  });

  for (const file of FILES) {
    it(file, async () => {
      await runTranscript(join(WIRE_DIR, file), async (transport, options) => {
        const server = makeServer(options);
        await server.connect(transport);
        return () => server.close({ graceMs: 0 });
      });
    });
  }
});
