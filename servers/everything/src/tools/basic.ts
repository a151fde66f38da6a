/**
 * Plain tools: text in and out, typed arguments and structured output, tool
 * errors, and content annotations.
 *
 * @module
 */
import { ToolError, type McpServer } from 'mcpkit/server';
import type { ContentBlock } from 'mcpkit/protocol';
import { z } from 'zod';
import { CONDITIONS, weatherOf } from '../data.js';
import { TINY_PNG_BASE64 } from '../media/index.js';

const PURE = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/** `echo`: a raw JSON Schema input; returns the message, exactly. */
export function registerEcho(server: McpServer): void {
  server.tool(
    {
      name: 'echo',
      title: 'Echo',
      description: 'Returns the message it is given, unchanged.',
      input: {
        type: 'object',
        properties: { message: { type: 'string', description: 'The text to send back' } },
        required: ['message'],
        additionalProperties: false,
      },
      annotations: { title: 'Echo', ...PURE },
    },
    // The arguments arrive checked against the JSON Schema above.
    (args) => (args as { message: string }).message,
  );
}

/** `add`: zod input and output schemas; returns structured content. */
export function registerAdd(server: McpServer): void {
  server.tool(
    {
      name: 'add',
      title: 'Add',
      description: 'Adds two numbers; the sum comes back as structured content.',
      input: z.object({ a: z.number().describe('The first number'), b: z.number().describe('The second number') }),
      output: z.object({ sum: z.number().describe('a + b') }),
      annotations: { title: 'Add', ...PURE },
    },
    ({ a, b }) => ({ sum: a + b }),
  );
}

/** `get_weather`: structured output with an output schema (made-up, deterministic data). */
export function registerGetWeather(server: McpServer): void {
  server.tool(
    {
      name: 'get_weather',
      title: 'Get weather',
      description: 'A made-up weather report for a city (the same city always gets the same report), as structured content.',
      input: z.object({ city: z.string().min(1).describe('City name, e.g. "Paris"') }),
      output: z.object({
        city: z.string(),
        temperatureC: z.number().describe('Temperature in degrees Celsius'),
        conditions: z.enum(CONDITIONS),
        humidity: z.number().int().min(0).max(100).describe('Relative humidity, percent'),
      }),
      annotations: { title: 'Get weather', ...PURE },
    },
    ({ city }) => weatherOf(city),
  );
}

/** `always_fails`: a tool execution error (`isError: true`), not a protocol error. */
export function registerAlwaysFails(server: McpServer): void {
  server.tool(
    {
      name: 'always_fails',
      title: 'Always fails',
      description: 'Fails every time, to show how a tool reports an error to the model (isError: true).',
      annotations: { title: 'Always fails', ...PURE },
    },
    () => {
      throw new ToolError('This tool always fails, on purpose.');
    },
  );
}

const ANNOTATED: Readonly<Record<'error' | 'success' | 'debug', ContentBlock>> = {
  error: { type: 'text', text: 'Error: something went wrong.', annotations: { priority: 1, audience: ['user', 'assistant'] } },
  success: { type: 'text', text: 'Success: the operation completed.', annotations: { priority: 0.7, audience: ['user'] } },
  debug: {
    type: 'text',
    text: 'Debug: cache hit ratio 0.95, latency 12 ms.',
    annotations: { priority: 0.3, audience: ['assistant'] },
  },
};

/** `annotated_message`: content blocks with audience and priority annotations. */
export function registerAnnotatedMessage(server: McpServer): void {
  server.tool(
    {
      name: 'annotated_message',
      title: 'Annotated message',
      description:
        'Returns content whose annotations (audience, priority) tell the client who it is for and how much it matters.',
      input: z.object({
        messageType: z.enum(['error', 'success', 'debug']).describe('Which kind of message to return'),
        includeImage: z.boolean().default(false).describe('Also return an annotated image'),
      }),
      annotations: { title: 'Annotated message', ...PURE },
    },
    ({ messageType, includeImage }) => {
      const content: ContentBlock[] = [ANNOTATED[messageType]];
      if (includeImage)
        content.push({
          type: 'image',
          data: TINY_PNG_BASE64,
          mimeType: 'image/png',
          annotations: { priority: 0.5, audience: ['user'] },
        });
      return { content };
    },
  );
}
