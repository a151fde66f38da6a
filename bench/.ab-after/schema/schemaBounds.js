/**
 * Bounds on a schema's size, checked before compiling so that a hostile schema
 * (a peer's `outputSchema`, say) cannot make the validator's compiler recurse
 * or work without limit. Also rejects cyclic objects, which are not JSON.
 *
 * @see https://modelcontextprotocol.io/specification/2026-07-28/basic#composition-keyword-resource-use
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
/** Default nesting limit: 64 JSON levels is about 30 levels of nested `properties`. */
export const DEFAULT_MAX_DEPTH = 64;
/** Default size limit, in objects and arrays. */
export const DEFAULT_MAX_NODES = 10_000;
/** Throws `LocalError('INVALID_ARGUMENT')` when `schema` is nested too deep or has too many parts. */
export function checkSchemaBounds(schema, bounds = {}) {
    const maxDepth = bounds.maxDepth ?? DEFAULT_MAX_DEPTH;
    const maxNodes = bounds.maxNodes ?? DEFAULT_MAX_NODES;
    // Iterative, so the check itself cannot overflow the stack; a cycle ends at maxDepth.
    const stack = [[schema, 1]];
    let nodes = 0;
    for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
        const [value, depth] = entry;
        if (depth > maxDepth) {
            throw new LocalError('INVALID_ARGUMENT', `JSON Schema is nested deeper than ${maxDepth} levels (or is cyclic)`);
        }
        if (++nodes > maxNodes)
            throw new LocalError('INVALID_ARGUMENT', `JSON Schema has more than ${maxNodes} objects and arrays`);
        for (const child of Object.values(value)) {
            if (typeof child === 'object' && child !== null)
                stack.push([child, depth + 1]);
        }
    }
}
//# sourceMappingURL=schemaBounds.js.map