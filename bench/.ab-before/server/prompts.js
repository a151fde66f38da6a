/**
 * Prompts: declared with an argument list or an argument schema, served by
 * `prompts/list` and `prompts/get`.
 *
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import { RpcError } from '../jsonrpc/rpcError.js';
import { formatIssues } from '../schema/jsonSchemaValidator.js';
import { resolveSchema } from '../schema/toolSchema.js';
function isStandard(value) {
    return typeof value === 'object' && value !== null && '~standard' in value;
}
/** Argument declarations from an object schema's `properties` and `required`. */
function argumentsOf(jsonSchema) {
    const properties = (jsonSchema['properties'] ?? {});
    const required = new Set(Array.isArray(jsonSchema['required']) ? jsonSchema['required'] : []);
    return Object.entries(properties).map(([name, p]) => ({
        name,
        ...(typeof p.description === 'string' && { description: p.description }),
        ...(required.has(name) && { required: true }),
    }));
}
/** Prepares a prompt definition. */
export function preparePrompt(definition, handler) {
    if (definition.name.length === 0)
        throw new LocalError('INVALID_ARGUMENT', 'A prompt needs a name');
    const args = definition.arguments;
    const schema = isStandard(args) ? resolveSchema(args, 'input') : undefined;
    const declared = schema !== undefined ? argumentsOf(schema.jsonSchema) : args;
    const wire = {
        name: definition.name,
        ...(definition.title !== undefined && { title: definition.title }),
        ...(definition.description !== undefined && { description: definition.description }),
        ...(declared !== undefined && { arguments: declared }),
        ...(definition.icons !== undefined && { icons: definition.icons }),
        ...(definition._meta !== undefined && { _meta: definition._meta }),
    };
    return { definition, handler, wire, schema };
}
/** Serves `prompts/get` for one prompt: check arguments, run, shape the result. */
export async function getPrompt(entry, args, ctx) {
    const given = (args ?? {});
    let value = given;
    if (entry.schema !== undefined) {
        const checked = await entry.schema.validate(given);
        if (!checked.ok)
            throw RpcError.invalidParams(`Invalid arguments for prompt ${entry.definition.name}: ${formatIssues(checked.issues)}`);
        value = checked.value;
    }
    else {
        for (const a of entry.wire.arguments ?? []) {
            if (a.required === true && typeof given[a.name] !== 'string') {
                throw RpcError.invalidParams(`Missing required argument ${JSON.stringify(a.name)} for prompt ${entry.definition.name}`);
            }
        }
    }
    const returned = await entry.handler(value, ctx);
    if (typeof returned === 'string')
        return { messages: [{ role: 'user', content: { type: 'text', text: returned } }] };
    if (Array.isArray(returned))
        return { messages: returned };
    const result = returned;
    if (result.description === undefined && entry.definition.description !== undefined)
        return { description: entry.definition.description, ...result };
    return result;
}
//# sourceMappingURL=prompts.js.map