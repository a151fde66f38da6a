/**
 * Tool transforms: how a mounted or proxied tool is shown and called
 * differently from the upstream's own — renamed, hidden, with arguments fixed
 * (removed from the schema and always sent as given) or defaulted (shown as
 * the schema's `default` and sent when the caller leaves them out), with its
 * description rewritten. A transform changes what callers see; the upstream
 * is always called with its own name.
 *
 * @module
 */
import { isObject } from '../../protocol/check.js';
import type { Tool } from '../../protocol/types/index.js';

/** How one upstream tool is shown and called. */
export interface ToolTransform {
  /** The name callers see (before the mount's prefix). */
  readonly name?: string;
  /** Not listed and not callable. */
  readonly hidden?: boolean;
  /** Its description, or a function of the upstream's. */
  readonly description?: string | ((upstream: string | undefined) => string);
  /** Arguments always sent with these values; callers neither see nor set them. */
  readonly fixed?: Readonly<Record<string, unknown>>;
  /** Arguments sent with these values when the caller leaves them out (shown as the schema's `default`). */
  readonly defaults?: Readonly<Record<string, unknown>>;
}

/** Transforms by upstream tool name. */
export type ToolTransforms = Readonly<Record<string, ToolTransform>>;

/** An upstream tool as callers see it, and how to turn a caller's arguments into the upstream's. */
export interface ShownTool {
  readonly tool: Tool;
  readonly upstreamName: string;
  readonly argumentsFor: (args: Readonly<Record<string, unknown>>) => Record<string, unknown>;
}

/** The schema with fixed arguments removed and defaults shown. */
function transformSchema(schema: Tool['inputSchema'], t: ToolTransform): Tool['inputSchema'] {
  if (t.fixed === undefined && t.defaults === undefined) return schema;
  const fixed = new Set(Object.keys(t.fixed ?? {}));
  const properties: Record<string, unknown> = Object.fromEntries(
    Object.entries(isObject(schema.properties) ? schema.properties : {}).filter(([key]) => !fixed.has(key)),
  );
  for (const [key, value] of Object.entries(t.defaults ?? {})) {
    const property = properties[key];
    if (isObject(property)) properties[key] = { ...property, default: value };
  }
  const listed: unknown = schema.required;
  const required = Array.isArray(listed)
    ? listed.filter(
        (r): r is string => typeof r === 'string' && !fixed.has(r) && (t.defaults === undefined || !Object.hasOwn(t.defaults, r)),
      )
    : undefined;
  return { ...schema, properties, ...(required !== undefined && { required }) } as Tool['inputSchema'];
}

/** Applies `transform` to `tool`; `undefined` when it is hidden. */
export function showTool(tool: Tool, transform: ToolTransform | undefined): ShownTool | undefined {
  if (transform === undefined) return { tool, upstreamName: tool.name, argumentsFor: (args) => ({ ...args }) };
  if (transform.hidden === true) return undefined;
  const { description } = transform;
  const shown: Tool = {
    ...tool,
    name: transform.name ?? tool.name,
    inputSchema: transformSchema(tool.inputSchema, transform),
    ...(description !== undefined && {
      description: typeof description === 'string' ? description : description(tool.description),
    }),
  };
  const defaults = transform.defaults ?? {};
  const fixed = transform.fixed ?? {};
  return {
    tool: shown,
    upstreamName: tool.name,
    // Fixed values win over whatever the caller sent (a schema without additionalProperties: false lets it send them).
    argumentsFor: (args) => ({ ...defaults, ...args, ...fixed }),
  };
}
