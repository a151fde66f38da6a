/**
 * `x-mcp-header` (2026-07-28): a tool may ask clients to mirror some of its
 * arguments into `Mcp-Param-{Name}` headers, so intermediaries can route on
 * them. The server checks that every mirrored header matches the body.
 *
 * @see 2026-07-28 `basic/transports/streamable-http.mdx#custom-headers-from-tool-parameters`
 * @module
 */
import { isObject } from '../../protocol/check.js';
import { decodeHeaderValue } from '../wire/headerValue.js';
import { paramHeader, valueAt, X_MCP_HEADER } from '../wire/mirror.js';
import type { HttpRequestInfo } from './exchange.js';
import { HttpError } from './httpError.js';

/** One argument mirrored into a header. */
export interface MirroredParam {
  /** The header name, lower case (`mcp-param-region`). */
  readonly header: string;
  /** The `x-mcp-header` value as declared (`Region`). */
  readonly name: string;
  /** The property path within the arguments. */
  readonly path: readonly string[];
}

const cache = new WeakMap<object, readonly MirroredParam[]>();

/** The mirrored arguments an input schema declares: only through chains of `properties` (cached per schema object). */
export function mirroredParams(inputSchema: unknown): readonly MirroredParam[] {
  if (!isObject(inputSchema)) return [];
  let params = cache.get(inputSchema);
  if (params === undefined) {
    const found: MirroredParam[] = [];
    collect(inputSchema, [], found);
    params = found;
    cache.set(inputSchema, params);
  }
  return params;
}

function collect(schema: Readonly<Record<string, unknown>>, prefix: readonly string[], out: MirroredParam[]): void {
  const properties = schema['properties'];
  if (!isObject(properties)) return;
  for (const [key, property] of Object.entries(properties)) {
    if (!isObject(property)) continue;
    const path = [...prefix, key];
    const name = property[X_MCP_HEADER];
    if (typeof name === 'string' && name !== '') out.push({ header: paramHeader(name), name, path });
    collect(property, path, out);
  }
}

/** True if a decoded header value represents the body value (integers compare numerically). */
function matches(decoded: string, value: unknown): boolean {
  if (typeof value === 'string') return decoded === value;
  if (typeof value === 'boolean') return decoded === String(value);
  if (typeof value === 'number') return decoded.trim() !== '' && Number(decoded) === value;
  return true;
}

/** -32020 unless every mirrored argument present in the body has a matching header. */
export function checkParamHeaders(inputSchema: unknown, args: unknown, req: HttpRequestInfo): HttpError | undefined {
  for (const param of mirroredParams(inputSchema)) {
    const value = valueAt(args, param.path);
    if (value === undefined || value === null) continue;
    const raw = req.header(param.header);
    if (raw === undefined)
      return HttpError.headerMismatch(`the Mcp-Param-${param.name} header is required: the argument is in the body`);
    const decoded = decodeHeaderValue(raw);
    if (decoded === undefined) return HttpError.headerMismatch(`the Mcp-Param-${param.name} header is not a valid value`);
    if (!matches(decoded, value)) {
      return HttpError.headerMismatch(
        `Mcp-Param-${param.name} header value '${decoded}' does not match body value '${JSON.stringify(value)}'`,
      );
    }
  }
  return undefined;
}
