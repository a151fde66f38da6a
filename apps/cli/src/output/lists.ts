/**
 * The four lists for people: tools and prompts as signatures with their
 * description, resources and templates as columns.
 *
 * @module
 */
import type { Prompt, Resource, ResourceTemplate, Tool } from 'mcpkit/protocol';
import { asSchema, describeType, requiredOf } from '../argTypes.js';
import { columns, oneLine } from './text.js';

/** `name(a: number, b?: string)` and the description's first line, per tool. */
export function renderTools(tools: readonly Tool[], width?: number): string {
  if (tools.length === 0) return 'No tools.\n';
  return tools.map((tool) => entry(`${tool.name}(${toolParameters(tool)})`, tool.description ?? tool.title, width)).join('');
}

/** `a: number, b?: string`: a tool's parameters from its input schema. */
export function toolParameters(tool: Tool): string {
  const schema = tool.inputSchema as Readonly<Record<string, unknown>>;
  const properties = asSchema(schema['properties']) ?? {};
  const required = new Set(requiredOf(schema));
  return Object.entries(properties)
    .map(([name, p]) => `${name}${required.has(name) ? '' : '?'}: ${describeType(asSchema(p))}`)
    .join(', ');
}

/** `name(arg, optional?)` and the description's first line, per prompt. */
export function renderPrompts(prompts: readonly Prompt[], width?: number): string {
  if (prompts.length === 0) return 'No prompts.\n';
  return prompts
    .map((p) => {
      const args = (p.arguments ?? []).map((a) => `${a.name}${a.required === true ? '' : '?'}`).join(', ');
      return entry(`${p.name}(${args})`, p.description ?? p.title, width);
    })
    .join('');
}

/** URI, name and media type, as columns. */
export function renderResources(resources: readonly Resource[], width?: number): string {
  if (resources.length === 0) return 'No resources.\n';
  return columns(
    resources.map((r) => [r.uri, r.title ?? r.name, r.mimeType ?? '']),
    ['URI', 'NAME', 'TYPE'],
    width,
  );
}

/** URI template, name and media type, as columns. */
export function renderTemplates(templates: readonly ResourceTemplate[], width?: number): string {
  if (templates.length === 0) return 'No resource templates.\n';
  return columns(
    templates.map((t) => [t.uriTemplate, t.title ?? t.name, t.mimeType ?? '']),
    ['URI TEMPLATE', 'NAME', 'TYPE'],
    width,
  );
}

function entry(signature: string, description: string | undefined, width?: number): string {
  const text = oneLine(description, width === undefined ? undefined : width - 4);
  return text === '' ? `${signature}\n` : `${signature}\n    ${text}\n`;
}
