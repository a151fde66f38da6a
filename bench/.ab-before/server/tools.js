/**
 * Tools: how a server author declares them, and how `tools/list` and
 * `tools/call` serve them. Schemas come from any Standard Schema library or
 * raw JSON Schema; the JSON Schema reaches the wire untouched.
 *
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import { RpcError } from '../jsonrpc/rpcError.js';
import { ErrorCode } from '../protocol/errorCodes.js';
import { isAtLeast } from '../protocol/versions.js';
import { formatIssues } from '../schema/jsonSchemaValidator.js';
import { resolveSchema } from '../schema/toolSchema.js';
/** Thrown by a handler to fail the call with a message the model should see (never masked). */
export class ToolError extends Error {
    constructor(message) {
        super(message);
        this.name = 'ToolError';
    }
}
const NAME = /^[A-Za-z0-9_.-]{1,128}$/;
/** Validates a definition and prepares its schemas (compiled by `options.validator`, if given) and wire form. */
export function prepareTool(definition, handler, options = {}) {
    if (!NAME.test(definition.name)) {
        throw new LocalError('INVALID_ARGUMENT', `Tool name ${JSON.stringify(definition.name)} must be 1-128 characters of A-Z a-z 0-9 _ . -`);
    }
    const input = resolveSchema(definition.input, 'input', options);
    const output = definition.output === undefined ? undefined : resolveSchema(definition.output, 'output', options);
    const wire = {
        name: definition.name,
        ...(definition.title !== undefined && { title: definition.title }),
        ...(definition.description !== undefined && { description: definition.description }),
        inputSchema: input.jsonSchema,
        ...(output !== undefined && { outputSchema: output.jsonSchema }),
        ...(definition.annotations !== undefined && { annotations: definition.annotations }),
        ...(definition.icons !== undefined && { icons: definition.icons }),
        ...(definition._meta !== undefined && { _meta: definition._meta }),
    };
    return { definition, handler, input, output, wire };
}
/** Serves `tools/call` for one tool: validate arguments, run, normalize and check the result. */
export async function callTool(entry, args, ctx, options) {
    const name = entry.definition.name;
    const checked = await entry.input.validate(args ?? {});
    if (!checked.ok) {
        const message = `Invalid arguments for tool ${name}: ${formatIssues(checked.issues)}`;
        // 2025-11-25 (SEP-1303) made input validation errors tool execution errors, so the model can correct itself.
        if (isAtLeast(ctx.revision, '2025-11-25'))
            return errorResult(message);
        throw new RpcError(ErrorCode.InvalidParams, message);
    }
    let returned;
    try {
        returned = await entry.handler(checked.value, ctx);
    }
    catch (error) {
        if (error instanceof RpcError)
            throw error;
        if (error instanceof ToolError)
            return errorResult(error.message);
        const detail = options.exposeErrorDetails && error instanceof Error ? `: ${error.message}` : '';
        return errorResult(`Tool ${name} failed${detail}`);
    }
    let result = normalize(returned, ctx);
    if (entry.output !== undefined && result.isError !== true) {
        const derived = result !== returned;
        result = await checkOutput(entry.output, result, name);
        // A plain value's text block is its JSON: derive it again from what the schema produced (stripped, transformed).
        if (derived && 'structuredContent' in result)
            result = normalize(result.structuredContent, ctx);
    }
    return downlevel(result, ctx);
}
/** Removes what the client's revision does not know: structured content before 2025-06-18. */
function downlevel(result, ctx) {
    if (!('structuredContent' in result) || isAtLeast(ctx.revision, '2025-06-18'))
        return result;
    const { structuredContent: _dropped, ...rest } = result;
    return rest;
}
/**
 * Checks `structuredContent` against the output schema and returns the result
 * with the schema's output value (a Standard Schema may strip or transform,
 * and the wire must carry what the advertised schema describes).
 */
async function checkOutput(output, result, name) {
    if (!('structuredContent' in result)) {
        throw new RpcError(ErrorCode.InternalError, `Tool ${name} declares an output schema but returned no structuredContent`);
    }
    const checked = await output.validate(result.structuredContent);
    if (!checked.ok) {
        throw new RpcError(ErrorCode.InternalError, `Tool ${name} returned structuredContent that does not match its output schema: ${formatIssues(checked.issues)}`);
    }
    return checked.value === result.structuredContent ? result : { ...result, structuredContent: checked.value };
}
function errorResult(text) {
    return { content: [{ type: 'text', text }], isError: true };
}
function isContentArray(value) {
    return Array.isArray(value) && value.every((b) => typeof b === 'object' && b !== null && typeof b.type === 'string');
}
/**
 * Turns what a handler returned into a `CallToolResult`: a result passes
 * through; a string becomes text; any other value becomes structured content
 * plus its JSON as text (for clients that ignore structured content).
 */
export function normalize(value, ctx) {
    if (value === undefined || value === null)
        return { content: [] };
    if (typeof value === 'string')
        return { content: [{ type: 'text', text: value }] };
    if (typeof value === 'object' && !Array.isArray(value) && isContentArray(value.content)) {
        return value;
    }
    const text = JSON.stringify(value);
    // Before 2026-07-28 structured content must be an object; other values travel as text only.
    const structured = (typeof value === 'object' && !Array.isArray(value)) || isAtLeast(ctx.revision, '2026-07-28');
    if (!structured)
        return { content: [{ type: 'text', text }] };
    return { content: [{ type: 'text', text }], structuredContent: value };
}
//# sourceMappingURL=tools.js.map