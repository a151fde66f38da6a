/**
 * Form defaults (SEP-1034, 2025-11-25+): a form field may carry a `default`;
 * when the user accepts a form without filling such a field, the client sends
 * the default, so a server sees the value the form showed.
 *
 * @see https://modelcontextprotocol.io/specification/2026-07-28/client/elicitation#requested-schema
 * @module
 */
import { isObject } from '../protocol/check.js';
/**
 * Returns `result` with the `default` of every field of the form that the
 * answer left out. Only an accepted answer is filled; declined and cancelled
 * answers carry no content.
 */
export function withFormDefaults(params, result) {
    if (result.action !== 'accept')
        return result;
    const properties = isObject(params.requestedSchema) ? params.requestedSchema.properties : undefined;
    if (!isObject(properties))
        return result;
    const content = { ...result.content };
    let filled = false;
    for (const [name, field] of Object.entries(properties)) {
        if (Object.hasOwn(content, name) || !isObject(field))
            continue;
        const value = field['default'];
        if (value === undefined)
            continue;
        content[name] = value;
        filled = true;
    }
    return filled ? { ...result, content } : result;
}
//# sourceMappingURL=elicitationDefaults.js.map