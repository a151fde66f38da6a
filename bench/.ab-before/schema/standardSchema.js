/**
 * Standard Schema v1 and its JSON Schema extension, declared here (no
 * dependency) so tools and prompts accept any library that implements them:
 * zod 4.2+, valibot, arktype... `~standard.validate` checks values;
 * `~standard.jsonSchema` (Standard JSON Schema) produces the wire schema.
 *
 * @see https://standardschema.dev
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import { toPointer } from './jsonSchemaValidator.js';
/** Whether `value` is a Standard Schema (an object or, as in arktype, a function). */
export function isStandardSchema(value) {
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null)
        return false;
    const props = value['~standard'];
    return typeof props === 'object' && props.version === 1 && typeof props.validate === 'function';
}
/**
 * The JSON Schema of a Standard Schema, from its `~standard.jsonSchema`. Throws
 * `LocalError('NOT_SUPPORTED')` when the library offers no converter or cannot
 * represent the type (transforms, dates…): pass a JSON Schema object instead.
 */
export function toJsonSchema(schema, options) {
    const props = schema['~standard'];
    const target = options.target ?? 'draft-2020-12';
    const converter = props.jsonSchema;
    const convert = converter?.[options.io];
    if (typeof convert !== 'function') {
        throw new LocalError('NOT_SUPPORTED', `This ${props.vendor} schema does not implement Standard JSON Schema (~standard.jsonSchema); pass a JSON Schema object instead, or use a ${props.vendor} version that does`);
    }
    let jsonSchema;
    try {
        jsonSchema = convert.call(converter, { target });
    }
    catch (error) {
        const detail = error instanceof Error ? `: ${error.message}` : '';
        throw new LocalError('NOT_SUPPORTED', `${props.vendor} cannot express this schema's ${options.io} as JSON Schema (${target})${detail}; pass a JSON Schema object instead`, { cause: error });
    }
    if (typeof jsonSchema !== 'object' || jsonSchema === null || Array.isArray(jsonSchema)) {
        throw new LocalError('NOT_SUPPORTED', `${props.vendor} returned no JSON Schema object for this schema's ${options.io}`);
    }
    return jsonSchema;
}
/** Validates with a Standard Schema, mapping its issues to ours. */
export async function validateStandard(schema, value) {
    return runStandard(schema, value);
}
/** Like {@link validateStandard}, but synchronous when the library answers synchronously. */
export function runStandard(schema, value) {
    const result = schema['~standard'].validate(value);
    return isPromiseLike(result)
        ? Promise.resolve(result).then((fromStandard))
        : fromStandard(result);
}
function isPromiseLike(value) {
    return typeof value.then === 'function';
}
function fromStandard(result) {
    if (result.issues)
        return { ok: false, issues: result.issues.map(toIssue) };
    return { ok: true, value: result.value };
}
function toIssue(issue) {
    const segments = (issue.path ?? []).map((segment) => {
        const key = typeof segment === 'object' ? segment.key : segment;
        return typeof key === 'symbol' ? (key.description ?? '') : key;
    });
    return { path: toPointer(segments), message: issue.message };
}
//# sourceMappingURL=standardSchema.js.map