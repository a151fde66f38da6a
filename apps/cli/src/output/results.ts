/**
 * Call, read, prompt, completion and discovery results for people.
 *
 * @module
 */
import type { McpClient } from 'mcpkit/client';
import type { CallToolResult, CompleteResult, GetPromptResult, ReadResourceResult, ServerCapabilities } from 'mcpkit/protocol';
import { renderBlock, renderBlocks, renderContents } from './content.js';
import { columns } from './text.js';

/** A tool's result: its content; structured content as JSON when nothing else shows it. */
export function renderCallResult(result: CallToolResult): string {
  const text = renderBlocks(result.content);
  const hasText = result.content.some((b) => b.type === 'text');
  if (result.structuredContent === undefined || hasText) return text === '' ? '(no content)\n' : text;
  return `${text}${JSON.stringify(result.structuredContent, null, 2)}\n`;
}

/** A resource's contents: the text itself, or a summary of binary data; several are headed by their URI. */
export function renderReadResult(result: ReadResourceResult): string {
  if (result.contents.length === 0) return '(no contents)\n';
  return renderContents(result.contents, result.contents.length > 1);
}

/** A prompt's messages, each under its role. */
export function renderPromptResult(result: GetPromptResult): string {
  const head = result.description === undefined ? '' : `${result.description}\n\n`;
  return head + result.messages.map((m) => `[${m.role}]\n${renderBlock(m.content)}`).join('\n');
}

/** Completion values, one per line. */
export function renderCompletion(result: CompleteResult): string {
  return result.completion.values.map((v) => `${v}\n`).join('');
}

/** A note about values left out, if the server said there are more. */
export function completionNote(result: CompleteResult): string | undefined {
  const { values, total, hasMore } = result.completion;
  if (hasMore !== true && (total === undefined || total <= values.length)) return undefined;
  return `${String(values.length)} of ${total === undefined ? 'more' : String(total)} values shown`;
}

/** Counts of what the server lists, for the summary. */
export interface Inventory {
  readonly tools?: number;
  readonly resources?: number;
  readonly templates?: number;
  readonly prompts?: number;
}

/** What `discover` shows: who the server is, how it was reached, what it offers. */
export function renderDiscovery(client: McpClient, supported: readonly string[], inventory: Inventory): string {
  const info = client.serverInfo;
  const rows: string[][] = [
    [
      'server',
      info === undefined ? '(unnamed)' : `${info.name} ${info.version}${info.title === undefined ? '' : ` (${info.title})`}`,
    ],
    ['era', `${client.era ?? '?'} (protocol revision ${client.revision ?? '?'})`],
    ['revisions', supported.join(', ')],
    ['capabilities', describeCapabilities(client.serverCapabilities ?? {})],
  ];
  const counts = Object.entries(inventory).map(([k, v]) => `${String(v)} ${k}`);
  if (counts.length > 0) rows.push(['offers', counts.join(', ')]);
  const instructions = client.instructions;
  return (
    columns(rows) + (instructions === undefined || instructions === '' ? '' : `\ninstructions:\n${instructions.trimEnd()}\n`)
  );
}

/** `tools (listChanged), resources (subscribe, listChanged), logging`. */
export function describeCapabilities(caps: ServerCapabilities): string {
  const parts = Object.entries(caps).map(([name, value]) => {
    const flags =
      typeof value === 'object' && value !== null
        ? Object.keys(value as object).filter((k) => (value as Record<string, unknown>)[k] !== false)
        : [];
    return flags.length === 0 || name === 'experimental' || name === 'extensions' ? name : `${name} (${flags.join(', ')})`;
  });
  return parts.length === 0 ? 'none' : parts.join(', ');
}
