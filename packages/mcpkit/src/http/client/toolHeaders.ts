/**
 * `x-mcp-header`: tool parameters a server asks to see mirrored into
 * `Mcp-Param-{Name}` headers. This file validates a tool's annotations (a tool
 * with an invalid one must be left out of `tools/list`) and builds the headers
 * of one call.
 *
 * @see 2026-07-28 `basic/transports/streamable-http.mdx#custom-headers-from-tool-parameters`
 * @see 2026-07-28 `server/tools.mdx#x-mcp-header`
 * @module
 */
import { encodeHeaderValue, isHeaderToken } from '../wire/headerValue.js';
import { paramHeader, valueAt, X_MCP_HEADER as KEY } from '../wire/mirror.js';
import { isObject } from '../../protocol/check.js';

/** One annotated parameter: where its value sits in `arguments`, and the header name part. */
export interface HeaderDeclaration {
  /** The chain of `properties` keys from the schema root. */
  readonly path: readonly string[];
  /** The `{Name}` of `Mcp-Param-{Name}`. */
  readonly name: string;
}

/** The annotations of one tool, and why the tool is invalid if it is. */
export interface ToolHeaderScan {
  /** The annotations that can be mirrored (possibly empty). */
  readonly declarations: readonly HeaderDeclaration[];
  /** Set when the tool must be excluded from `tools/list`: the first broken rule. */
  readonly problem?: string;
}

/** Keywords whose subschemas are not statically reachable through `properties` alone. */
const UNREACHABLE = [
  'items',
  'prefixItems',
  'contains',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
  'patternProperties',
  'dependentSchemas',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  '$defs',
  'definitions',
] as const;

/** Keywords whose value maps names to subschemas. */
const MAPS = new Set<string>(['patternProperties', 'dependentSchemas', '$defs', 'definitions']);

const PRIMITIVES = new Set(['string', 'integer', 'boolean']);

/**
 * The declared type is acceptable: `string`, `integer` or `boolean`, or a list
 * of those plus `null` (an optional nullable parameter; null omits the header).
 * `number` is not allowed by the spec; it is reported as a problem but still
 * mirrored, since a server that declared it will check the header anyway.
 */
function typeProblem(type: unknown): 'ok' | 'number' | 'bad' {
  const types = typeof type === 'string' ? [type] : Array.isArray(type) ? type : [];
  const named = types.filter((t): t is string => typeof t === 'string' && t !== 'null');
  if (named.length === 0 || named.length !== types.filter((t) => t !== 'null').length) return 'bad';
  if (named.every((t) => PRIMITIVES.has(t))) return 'ok';
  return named.every((t) => PRIMITIVES.has(t) || t === 'number') ? 'number' : 'bad';
}

/** Scans a tool's `inputSchema` for `x-mcp-header` annotations and checks every rule the spec sets for them. */
export function scanToolHeaders(inputSchema: unknown): ToolHeaderScan {
  const declarations: HeaderDeclaration[] = [];
  const seen = new Map<string, string>();
  let numberProblem: string | undefined;

  const visit = (node: unknown, path: readonly string[], reachable: boolean): string | undefined => {
    if (!isObject(node)) return undefined;
    const where = path.length === 0 ? 'the schema root' : `"${path.join('.')}"`;
    if (KEY in node) {
      const name = node[KEY];
      if (!reachable || path.length === 0) return `${KEY} on ${where}, which is not reachable through "properties" alone`;
      if (typeof name !== 'string' || !isHeaderToken(name)) return `${KEY} of ${where} is not a valid header name token`;
      const kind = typeProblem(node['type']);
      if (kind === 'bad') return `${KEY} on ${where}, which is not a string, integer or boolean`;
      if (kind === 'number') numberProblem ??= `${KEY} on ${where}, whose type is number (not allowed)`;
      const lower = name.toLowerCase();
      const prior = seen.get(lower);
      if (prior !== undefined) return `${KEY} "${name}" repeats "${prior}" (names are case-insensitive)`;
      seen.set(lower, name);
      declarations.push({ path, name });
    }
    const properties = node['properties'];
    if (isObject(properties)) {
      for (const [key, child] of Object.entries(properties)) {
        const problem = visit(child, [...path, key], reachable);
        if (problem !== undefined) return problem;
      }
    }
    for (const keyword of UNREACHABLE) {
      const sub = node[keyword];
      if (sub === undefined) continue;
      const branches: unknown[] = Array.isArray(sub) ? sub : MAPS.has(keyword) && isObject(sub) ? Object.values(sub) : [sub];
      for (const branch of branches) {
        const problem = visit(branch, [...path, keyword], false);
        if (problem !== undefined) return problem;
      }
    }
    return undefined;
  };

  const problem = visit(inputSchema, [], true) ?? numberProblem;
  if (problem === undefined) return { declarations };
  // A number-typed annotation is the only fault: keep mirroring what the server asked for.
  return problem === numberProblem ? { declarations, problem } : { declarations: [], problem };
}

/** The header text of one argument value, or undefined when no header is sent (null, absent, or not a primitive). */
function headerText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || (Number.isInteger(value) && !Number.isSafeInteger(value))) return undefined;
    return String(value);
  }
  return undefined;
}

/** The `Mcp-Param-*` headers of one `tools/call`, values encoded. */
export function paramHeaders(declarations: readonly HeaderDeclaration[], args: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { path, name } of declarations) {
    const text = headerText(valueAt(args, path));
    if (text !== undefined) headers[paramHeader(name)] = encodeHeaderValue(text);
  }
  return headers;
}
