/**
 * Small helpers the fixture's tool groups share.
 *
 * @module
 */
import type { CreateMessageResult } from 'mcpkit/protocol';

/** Resolves after `ms`. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A result of one text block. */
export const text = (value: string): { content: { type: 'text'; text: string }[] } => ({
  content: [{ type: 'text', text: value }],
});

/** The input schema of a tool without arguments. */
export const NO_ARGS = { type: 'object', properties: {} } as const;

/** The text of a sampling reply (its first block, when it has several). */
export function replyText(reply: CreateMessageResult): string {
  const content: unknown = Array.isArray(reply.content) ? (reply.content as unknown[])[0] : reply.content;
  const block = content as { type?: unknown; text?: unknown } | undefined;
  return block?.type === 'text' && typeof block.text === 'string' ? block.text : JSON.stringify(content);
}

/** A schema asking for a name. */
export const NAME_SCHEMA = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } as const;

/** A string field of an elicitation answer. */
export function nameOf(answer: { content?: unknown }, field: string): string {
  const value = (answer.content as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value : JSON.stringify(value);
}
