/**
 * `/tools`: one line per tool (model name, `server/tool`, the start of its
 * description, cut to the terminal's width), and `/tools NAME`: one tool in
 * full (description, what the server says of it, arguments). Servers write
 * these strings: control characters are shown escaped, never sent to the
 * terminal.
 *
 * @module
 */
import type { HostTool } from 'mcpkit/host';
import { printable } from 'mcpkit/host/config';
import { annotationClause } from './annotationWords.js';

/** `text` on one line, cut to `width` characters with an ellipsis. */
function oneLine(text: string, width: number): string {
  const flat = printable(text.replace(/\s+/g, ' ').trim());
  if (width <= 1) return '';
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
}

/** The switched-off tools, on one line. */
function offLine(off: readonly HostTool[]): string {
  if (off.length === 0) return '';
  const names = off.slice(0, 20).map((t) => printable(`${t.server}/${t.tool.name}`));
  return `(switched off: ${names.join(', ')}${off.length > 20 ? `, and ${String(off.length - 20)} more` : ''}; /tools enable SERVER[/TOOL])\n`;
}

/** Every tool, one line each, fitted to `columns`; then those switched off. */
export function listTools(tools: readonly HostTool[], columns: number, off: readonly HostTool[] = []): string {
  if (tools.length === 0)
    return `No tools (no server is running, or none offers tools, or all are switched off).\n${offLine(off)}`;
  const lines = tools.map((t) => {
    const head = `${t.name}  (${printable(`${t.server}/${t.tool.name}`)})`;
    const description = t.tool.description ?? t.tool.title ?? '';
    const room = Math.max(20, columns - head.length - 2);
    return description === '' ? `${head}\n` : `${head}  ${oneLine(description, room)}\n`;
  });
  return `${lines.join('')}${offLine(off)}(/tools NAME shows one tool in full)\n`;
}

/** One tool in full: by model name or `server/tool`. */
export function describeTool(tools: readonly HostTool[], name: string): string {
  const tool = tools.find((t) => t.name === name || `${t.server}/${t.tool.name}` === name);
  if (tool === undefined) return `no tool ${JSON.stringify(printable(name))}; /tools lists them\n`;
  const parts = [`${tool.name}  (${printable(`${tool.server}/${tool.tool.name}`)})`];
  if (tool.tool.title !== undefined) parts.push(`title: ${printable(tool.tool.title)}`);
  const clause = annotationClause(tool.tool.annotations);
  if (clause !== '') parts.push(printable(clause));
  if (tool.tool.description !== undefined) parts.push('', ...tool.tool.description.trim().split('\n').map(printable));
  const properties = Object.entries(
    (tool.tool.inputSchema.properties ?? {}) as Record<string, { description?: unknown; type?: unknown }>,
  );
  const required = new Set(tool.tool.inputSchema.required ?? []);
  if (properties.length > 0) {
    parts.push('', 'arguments:');
    for (const [key, schema] of properties) {
      const type = typeof schema.type === 'string' ? ` (${schema.type})` : '';
      const about = typeof schema.description === 'string' ? `: ${oneLine(schema.description, 200)}` : '';
      parts.push(`  ${printable(key)}${type}${required.has(key) ? ', required' : ''}${about}`);
    }
  }
  return `${parts.join('\n')}\n`;
}
