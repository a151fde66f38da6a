/**
 * What tool definitions cost a model's context, estimated without a
 * tokenizer: a definition's JSON (name, description, input schema, as the
 * request carries it) at four characters a token, the rule of thumb both
 * providers give for English text. JSON Schema tends to need a little more
 * per character, so the figure is a floor of the order of magnitude, good for
 * comparing servers and turns, not for billing.
 *
 * @module
 */
import type { ModelTool } from '../model/types.js';

/** Characters per token the estimate assumes. */
export const CHARS_PER_TOKEN = 4;

/** Estimated tokens of `text`. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/** Estimated tokens of one tool definition as a request lists it. */
export function toolTokens(tool: ModelTool): number {
  return estimateTokens(
    JSON.stringify({
      name: tool.name,
      ...(tool.description !== undefined && { description: tool.description }),
      input_schema: tool.inputSchema,
    }),
  );
}
