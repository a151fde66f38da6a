/**
 * Golden wire transcripts of MCP itself (`wire/mcp-*.txt`): exactly what a
 * client sends and what the server answers, line by line, for every
 * revision, against a small deterministic server defined here.
 *
 * A transcript is a sequence of lines:
 *
 * - `# text`: the prose header (what the transcript guards), or a comment.
 * - `! server {json}`: options of the server (before the first message).
 * - `! sleep <ms>`: waits (to let a `requestState` expire).
 * - `> message`: a frame the client sends, verbatim (JSON, a batch, or
 *   deliberately broken text). `"<NAME>"` is replaced by the value captured
 *   under NAME; `"<NAME:tampered>"` by that value with its payload altered.
 * - `< message`: the next frame the server must send, compared as JSON.
 *   `"<capture:NAME>"` matches any string and remembers it (sealed
 *   `requestState` tokens and cursors are random per process); `"<any>"`
 *   matches any value (a generated id).
 *
 * After the last line, the server must have sent nothing more.
 * `UPDATE_WIRE=1 npx vitest run packages/mcpkit/test/wire.mcp.test.ts`
 * rewrites the `<` lines from what the server sent (keeping placeholders).
 *
 * @module
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { completeFrom } from '../src/server/completion.js';
import type { ServerOptions } from '../src/server/options.js';
import { McpServer } from '../src/server/server.js';
import { FakeTransport, sleep } from './helpers.js';

const WIRE_DIR = fileURLToPath(new URL('./wire/', import.meta.url));
const UPDATE = process.env['UPDATE_WIRE'] === '1';

type Json = Record<string, unknown>;

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

type Step =
  | { readonly kind: 'send'; readonly text: string }
  | { readonly kind: 'expect'; readonly value: unknown; readonly line: number }
  | { readonly kind: 'sleep'; readonly ms: number };

interface Transcript {
  readonly lines: string[];
  readonly options: Partial<ServerOptions>;
  readonly steps: readonly Step[];
}

function parse(text: string, file: string): Transcript {
  const lines = text.split('\n');
  let options: Partial<ServerOptions> = {};
  const steps: Step[] = [];
  lines.forEach((raw, i) => {
    const line = raw.trimEnd();
    const where = `${file}:${String(i + 1)}`;
    if (line === '' || line.startsWith('#')) return;
    const body = line.slice(2);
    if (line.startsWith('> ')) steps.push({ kind: 'send', text: body });
    else if (line.startsWith('< ')) steps.push({ kind: 'expect', value: JSON.parse(body) as unknown, line: i });
    else if (line.startsWith('! server ')) options = JSON.parse(line.slice('! server '.length)) as Partial<ServerOptions>;
    else if (line.startsWith('! sleep ')) steps.push({ kind: 'sleep', ms: Number(line.slice('! sleep '.length)) });
    else throw new Error(`${where}: a line starts with "# ", "> ", "< " or "! "`);
  });
  return { lines, options, steps };
}

/**
 * Alters a sealed token, keeping it well-formed: its first character, which
 * carries six bits of the payload (the last one may carry only padding bits,
 * which decoders ignore).
 */
function tamper(token: string): string {
  return (token.startsWith('A') ? 'B' : 'A') + token.slice(1);
}

function substitute(text: string, captures: ReadonlyMap<string, string>): string {
  return text.replace(/"<([A-Za-z0-9_]+)(:tampered)?>"/g, (_, name: string, tampered: string | undefined) => {
    const value = captures.get(name);
    if (value === undefined) throw new Error(`nothing captured as ${name}`);
    return JSON.stringify(tampered === undefined ? value : tamper(value));
  });
}

const CAPTURE = /^<capture:([A-Za-z0-9_]+)>$/;

/**
 * `actual` with the values at placeholder positions of `expected` replaced
 * by the placeholders (capturing them), so that a plain deep comparison
 * shows every other difference.
 */
function normalize(expected: unknown, actual: unknown, captures: Map<string, string>): unknown {
  if (typeof expected === 'string') {
    if (expected === '<any>' && actual !== undefined) return expected;
    const capture = CAPTURE.exec(expected);
    if (capture !== null && typeof actual === 'string') {
      captures.set(capture[1]!, actual);
      return expected;
    }
    return actual;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) return actual.map((a, i) => normalize(expected[i], a, captures));
  if (isRecord(expected) && isRecord(actual)) {
    return Object.fromEntries(Object.entries(actual).map(([k, v]) => [k, normalize(expected[k], v, captures)]));
  }
  return actual;
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Plays a transcript; returns what the server sent for each `<` line (and anything after). */
async function play(transcript: Transcript, file: string): Promise<{ sent: Map<number, unknown>; extra: unknown[] }> {
  const transport = new FakeTransport();
  const server = makeServer(transcript.options);
  await server.connect(transport);
  const captures = new Map<string, string>();
  const sent = new Map<number, unknown>();
  let received = 0;
  try {
    for (const step of transcript.steps) {
      if (step.kind === 'sleep') await sleep(step.ms);
      else if (step.kind === 'send') transport.deliver(substitute(step.text, captures));
      else {
        const actual = await transport.nextSent(++received);
        sent.set(step.line, actual);
        const normalized = normalize(step.value, actual, captures);
        if (!UPDATE) expect(normalized, `${file}:${String(step.line + 1)}`).toEqual(step.value);
      }
    }
    // Whatever the server still had to say arrives within a few turns.
    await sleep(20);
    return { sent, extra: transport.sent.slice(received) };
  } finally {
    await server.close({ graceMs: 0 });
  }
}

/** `actual`, with the placeholders of `expected` kept where they were. */
function keepPlaceholders(expected: unknown, actual: unknown): unknown {
  if (typeof expected === 'string' && (expected === '<any>' || CAPTURE.test(expected))) return expected;
  if (Array.isArray(expected) && Array.isArray(actual)) return actual.map((a, i) => keepPlaceholders(expected[i], a));
  if (isRecord(expected) && isRecord(actual))
    return Object.fromEntries(Object.entries(actual).map(([k, v]) => [k, keepPlaceholders(expected[k], v)]));
  return actual;
}

function update(path: string, transcript: Transcript, result: { sent: Map<number, unknown>; extra: unknown[] }): void {
  const lines = [...transcript.lines];
  for (const step of transcript.steps) {
    if (step.kind === 'expect')
      lines[step.line] = `< ${JSON.stringify(keepPlaceholders(step.value, result.sent.get(step.line)))}`;
  }
  while (lines.at(-1) === '') lines.pop();
  for (const message of result.extra) lines.push(`< ${JSON.stringify(message)}`);
  writeFileSync(path, `${lines.join('\n')}\n`);
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
      const path = join(WIRE_DIR, file);
      const transcript = parse(readFileSync(path, 'utf8'), file);
      const result = await play(transcript, file);
      if (UPDATE) update(path, transcript, result);
      else expect(result.extra, `${file}: the server sent more than the transcript expects`).toEqual([]);
    });
  }
});
