/**
 * What the 2026-07-28 request headers mirror from the body, so intermediaries
 * can route without parsing it: `Mcp-Name` carries the one thing some methods
 * act on, and `Mcp-Param-{Name}` carries a tool argument whose schema asks for
 * it with `x-mcp-header`. The client builds these headers from here and the
 * server checks them against the body from here.
 *
 * @see 2026-07-28 `basic/transports/streamable-http.mdx#standard-request-headers`
 * @see 2026-07-28 `basic/transports/streamable-http.mdx#custom-headers-from-tool-parameters`
 * @module
 */
import { isObject } from '../../protocol/check.js';
import { Header } from './headers.js';

/**
 * Method → the params field `Mcp-Name` carries (SEP-2243; the tasks extension
 * adds its three methods). `tasks/result` is not among them: it does not exist
 * in 2026-07-28 (a server must let it reach dispatch, to refuse it -32601).
 */
const NAME_FIELD: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

/** The schema keyword by which a tool asks for an argument to be mirrored. */
export const X_MCP_HEADER = 'x-mcp-header';

/** The body value `Mcp-Name` mirrors for `method`: a name, URI or task id; undefined where the method has none. */
export function mirroredName(method: string, params: unknown): string | undefined {
  const field = NAME_FIELD[method];
  if (field === undefined || !isObject(params)) return undefined;
  const value = params[field];
  return typeof value === 'string' ? value : undefined;
}

/** The tool name and arguments of a `tools/call` (what `Mcp-Param-*` mirrors), or undefined for any other request. */
export function toolCallOf(method: string, params: unknown): { readonly name: string; readonly args: unknown } | undefined {
  if (method !== 'tools/call' || !isObject(params)) return undefined;
  const name = params['name'];
  return typeof name === 'string' ? { name, args: params['arguments'] } : undefined;
}

/** The header an `x-mcp-header` name becomes: `Mcp-Param-{Name}`, lower case. */
export function paramHeader(name: string): string {
  return `${Header.ParamPrefix}${name.toLowerCase()}`;
}

/** The value at a chain of `properties` keys within tool arguments (undefined where the chain breaks). */
export function valueAt(args: unknown, path: readonly string[]): unknown {
  let value = args;
  for (const key of path) {
    if (!isObject(value)) return undefined;
    value = value[key];
  }
  return value;
}
