/**
 * `x-mcp-header` (2026-07-28): a tool may ask clients to mirror some of its
 * arguments into `Mcp-Param-{Name}` headers, so intermediaries can route on
 * them. The server checks that every mirrored header matches the body.
 *
 * @see 2026-07-28 `basic/transports/streamable-http.mdx#custom-headers-from-tool-parameters`
 * @module
 */
import { isObject } from '../protocol/check.js';
import { decodeHeaderValue, Header } from './headers.js';
import { HttpError } from './httpError.js';
const cache = new WeakMap();
/** The mirrored arguments an input schema declares: only through chains of `properties` (cached per schema object). */
export function mirroredParams(inputSchema) {
    if (!isObject(inputSchema))
        return [];
    let params = cache.get(inputSchema);
    if (params === undefined) {
        const found = [];
        collect(inputSchema, [], found);
        params = found;
        cache.set(inputSchema, params);
    }
    return params;
}
function collect(schema, prefix, out) {
    const properties = schema['properties'];
    if (!isObject(properties))
        return;
    for (const [key, property] of Object.entries(properties)) {
        if (!isObject(property))
            continue;
        const path = [...prefix, key];
        const name = property['x-mcp-header'];
        if (typeof name === 'string' && name !== '')
            out.push({ header: `${Header.ParamPrefix}${name.toLowerCase()}`, name, path });
        collect(property, path, out);
    }
}
function valueAt(args, path) {
    let value = args;
    for (const key of path) {
        if (!isObject(value))
            return undefined;
        value = value[key];
    }
    return value;
}
/** True if a decoded header value represents the body value (integers compare numerically). */
function matches(decoded, value) {
    if (typeof value === 'string')
        return decoded === value;
    if (typeof value === 'boolean')
        return decoded === String(value);
    if (typeof value === 'number')
        return decoded.trim() !== '' && Number(decoded) === value;
    return true;
}
/** -32020 unless every mirrored argument present in the body has a matching header. */
export function checkParamHeaders(inputSchema, args, req) {
    for (const param of mirroredParams(inputSchema)) {
        const value = valueAt(args, param.path);
        if (value === undefined || value === null)
            continue;
        const raw = req.header(param.header);
        if (raw === undefined)
            return HttpError.headerMismatch(`the Mcp-Param-${param.name} header is required: the argument is in the body`);
        const decoded = decodeHeaderValue(raw);
        if (decoded === undefined)
            return HttpError.headerMismatch(`the Mcp-Param-${param.name} header is not a valid value`);
        if (!matches(decoded, value)) {
            return HttpError.headerMismatch(`Mcp-Param-${param.name} header value '${decoded}' does not match body value '${JSON.stringify(value)}'`);
        }
    }
    return undefined;
}
//# sourceMappingURL=paramHeaders.js.map