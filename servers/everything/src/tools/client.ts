/**
 * Tools that ask the client for something while they run: sampling (the
 * client's model), elicitation (the user, by form or by URL) and roots. In
 * the handshake era each is a server-to-client request; in 2026-07-28 the
 * call answers `input_required` and is retried with the answers, so these
 * handlers do nothing before their question that cannot be repeated.
 *
 * @module
 */
import type { McpServer } from 'mcpkit/server';
import {
  isAtLeast,
  type ElicitRequestedSchema,
  type ElicitResult,
  type Revision,
  type SamplingMessageContentBlock,
} from 'mcpkit/protocol';
import { z } from 'zod';

const ASKS = { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true } as const;

/** The text of a sampled message (its text blocks, joined). */
function textOf(content: SamplingMessageContentBlock | readonly SamplingMessageContentBlock[]): string {
  const blocks: readonly SamplingMessageContentBlock[] = Array.isArray(content)
    ? content
    : [content as SamplingMessageContentBlock];
  return blocks.map((b) => (b.type === 'text' ? b.text : `[${b.type}]`)).join('\n');
}

/** `sample_llm`: asks the client's model to answer a prompt. */
export function registerSampleLlm(server: McpServer): void {
  server.tool(
    {
      name: 'sample_llm',
      title: 'Sample the client LLM',
      description: "Asks the client's language model to answer a prompt (sampling/createMessage) and returns its answer.",
      input: z.object({
        prompt: z.string().describe('What to ask the model'),
        maxTokens: z.number().int().min(1).max(4096).default(100).describe('The most tokens the answer may use'),
      }),
      annotations: { title: 'Sample the client LLM', ...ASKS },
    },
    async ({ prompt, maxTokens }, ctx) => {
      const answer = await ctx.sample(
        {
          messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
          maxTokens,
          systemPrompt: 'You are a helpful assistant.',
        },
        { key: 'completion' },
      );
      return `LLM sampling result (model ${answer.model}): ${textOf(answer.content)}`;
    },
  );
}

/**
 * The form of `elicit_form`. From 2025-11-25 it shows every field type, with
 * defaults and titled and multi-select enums; 2025-06-18 had only plain
 * fields and single-select enums, without defaults (but for booleans).
 */
export function elicitationForm(revision: Revision): ElicitRequestedSchema {
  const name = { type: 'string', title: 'Name', description: 'Your name', minLength: 1 } as const;
  const email = { type: 'string', title: 'Email', description: 'Where to write to you', format: 'email' } as const;
  const subscribe = { type: 'boolean', title: 'Subscribe', description: 'Receive the newsletter', default: true } as const;
  if (!isAtLeast(revision, '2025-11-25')) {
    return {
      type: 'object',
      properties: {
        name,
        email,
        age: { type: 'integer', title: 'Age', minimum: 0, maximum: 150 },
        subscribe,
        color: { type: 'string', title: 'Favourite colour', enum: ['red', 'green', 'blue'], enumNames: ['Red', 'Green', 'Blue'] },
      },
      required: ['name', 'email'],
    };
  }
  return {
    type: 'object',
    properties: {
      name: { ...name, default: 'Ada Lovelace' },
      email,
      age: { type: 'integer', title: 'Age', minimum: 0, maximum: 150, default: 36 },
      score: { type: 'number', title: 'Score', minimum: 0, maximum: 10, default: 9.5 },
      subscribe,
      color: { type: 'string', title: 'Favourite colour', enum: ['red', 'green', 'blue'], default: 'green' },
      size: {
        type: 'string',
        title: 'T-shirt size',
        oneOf: [
          { const: 's', title: 'Small' },
          { const: 'm', title: 'Medium' },
          { const: 'l', title: 'Large' },
        ],
        default: 'm',
      },
      toppings: {
        type: 'array',
        title: 'Pizza toppings',
        items: { type: 'string', enum: ['cheese', 'mushrooms', 'olives', 'peppers'] },
        maxItems: 3,
        default: ['cheese'],
      },
      days: {
        type: 'array',
        title: 'Available days',
        items: {
          anyOf: [
            { const: 'sat', title: 'Saturday' },
            { const: 'sun', title: 'Sunday' },
          ],
        },
      },
    },
    required: ['name', 'email'],
  };
}

function describeAnswer(kind: string, answer: ElicitResult): string {
  const content = answer.content === undefined ? '' : `, content=${JSON.stringify(answer.content)}`;
  return `${kind} elicitation result: action=${answer.action}${content}`;
}

/** `elicit_form`: asks the user to fill in a form. */
export function registerElicitForm(server: McpServer): void {
  server.tool(
    {
      name: 'elicit_form',
      title: 'Elicit a form',
      description:
        'Asks the user, through the client, to fill in a form with every kind of field (text, number, boolean, enums, multi-select, defaults).',
      annotations: { title: 'Elicit a form', ...ASKS },
    },
    async (_args, ctx) => {
      const answer = await ctx.elicit(
        { message: 'Please tell us about yourself (a demonstration form).', requestedSchema: elicitationForm(ctx.revision) },
        { key: 'form' },
      );
      return describeAnswer('Form', answer);
    },
  );
}

/** Where `elicit_url` sends the user (a reserved example domain: nothing happens there). */
export const ELICIT_URL = 'https://example.com/mcpkit/everything/confirm';

/** `elicit_url`: asks the user to open a page (2025-11-25+, the client must support URL mode). */
export function registerElicitUrl(server: McpServer): void {
  server.tool(
    {
      name: 'elicit_url',
      title: 'Elicit by URL',
      description:
        'Asks the user to open a web page (URL-mode elicitation, for interactions that must not pass through the client); on acceptance, tells the client the interaction completed (2025-11-25).',
      annotations: { title: 'Elicit by URL', ...ASKS },
    },
    async (_args, ctx) => {
      // 2025-11-25 links the answer and the completion notification by this id (2026-07-28 has neither).
      const elicitationId = crypto.randomUUID();
      const answer = await ctx.elicit(
        {
          mode: 'url',
          message: 'Please open the page to confirm (a demonstration; nothing happens there).',
          url: ELICIT_URL,
          elicitationId,
        },
        { key: 'confirm' },
      );
      // The demonstration page has nothing to do, so the interaction is complete at once.
      if (answer.action === 'accept') ctx.completeElicitation(elicitationId);
      return describeAnswer('URL', answer);
    },
  );
}

/** `list_roots`: asks the client for its roots and lists them. */
export function registerListRoots(server: McpServer): void {
  server.tool(
    {
      name: 'list_roots',
      title: 'List roots',
      description: 'Asks the client for its roots (roots/list) and lists them. Only what the client sends is shown.',
      annotations: { title: 'List roots', ...ASKS, openWorldHint: false },
    },
    async (_args, ctx) => {
      const { roots } = await ctx.listRoots({ key: 'roots' });
      if (roots.length === 0) return 'The client has no roots.';
      const lines = roots.map((r) => `- ${r.name === undefined ? r.uri : `${r.name}: ${r.uri}`}`);
      return `The client has ${String(roots.length)} root(s):\n${lines.join('\n')}`;
    },
  );
}
