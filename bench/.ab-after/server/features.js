/**
 * The era-independent methods: lists, calls, reads, prompts and completion,
 * served from the server's registries. Each is a plain {@link MethodHandler};
 * the session wraps them in middleware and decorates their results per era.
 *
 * @module
 */
import { RpcError } from '../jsonrpc/rpcError.js';
import { complete } from './completion.js';
import { paginate } from './pagination.js';
import { getPrompt } from './prompts.js';
import { resourceNotFound, toReadResult } from './resources.js';
import { callTool } from './tools.js';
function withCursor(result, nextCursor) {
    return nextCursor === undefined ? result : { ...result, nextCursor };
}
/** A resource's own cache hints, for 2026-07-28 results only (earlier revisions have no such fields). */
function cacheFields(hint, ctx) {
    return hint === undefined || ctx.era !== 'stateless' ? {} : { ttlMs: hint.ttlMs, cacheScope: hint.scope ?? 'private' };
}
/** Reads a resource: an exact static match first, then the first template that matches. */
export async function readResource(host, uri, ctx) {
    const entry = host.resources.get(uri);
    if (entry !== undefined) {
        const result = toReadResult(await entry.handler(uri, ctx), uri, entry.definition.mimeType);
        return { ...result, ...cacheFields(entry.definition.cache, ctx) };
    }
    for (const template of host.templates.list()) {
        const variables = template.template.match(uri);
        if (variables === undefined)
            continue;
        const result = toReadResult(await template.handler(uri, variables, ctx), uri, template.definition.mimeType);
        return { ...result, ...cacheFields(template.definition.cache, ctx) };
    }
    throw resourceNotFound(uri, ctx.revision);
}
async function listResources(host, ctx) {
    const listed = host.resources.list().map((e) => e.wire);
    for (const template of host.templates.list()) {
        const list = template.definition.list;
        if (list !== undefined)
            listed.push(...(await list(ctx)));
    }
    return listed;
}
async function completeArgument(host, params) {
    const { ref, argument } = params;
    const context = { arguments: params.context?.arguments ?? {} };
    if (ref.type === 'ref/prompt') {
        const prompt = host.prompts.get(ref.name);
        if (prompt === undefined)
            throw RpcError.invalidParams(`Unknown prompt: ${ref.name}`);
        return complete(prompt.definition.complete?.[argument.name], argument.value, context);
    }
    const template = host.templates.list().find((t) => t.definition.uriTemplate === ref.uri);
    if (template === undefined) {
        // A static resource has no variables to complete.
        if (host.resources.get(ref.uri) !== undefined)
            return { completion: { values: [] } };
        throw RpcError.invalidParams(`Unknown resource template: ${ref.uri}`);
    }
    const completers = template.definition.complete;
    return complete(completers?.[argument.name], argument.value, context);
}
/** The feature methods, by name. */
export function featureMethods(host) {
    return {
        'tools/list': async ({ params }) => {
            const page = await paginate(host.tools.list(), (params)['cursor'], host.pageSize, 'tools', host.sealer);
            return withCursor({ tools: page.items.map((t) => t.wire) }, page.nextCursor);
        },
        'tools/call': async ({ params }, ctx) => {
            const name = params['name'];
            const tool = host.tools.get(name);
            if (tool === undefined)
                throw RpcError.invalidParams(`Unknown tool: ${name}`);
            return callTool(tool, params['arguments'], ctx, { exposeErrorDetails: host.exposeErrorDetails });
        },
        'resources/list': async ({ params }, ctx) => {
            const page = await paginate(await listResources(host, ctx), params['cursor'], host.pageSize, 'resources', host.sealer);
            return withCursor({ resources: page.items }, page.nextCursor);
        },
        'resources/templates/list': async ({ params }) => {
            const page = await paginate(host.templates.list(), params['cursor'], host.pageSize, 'templates', host.sealer);
            return withCursor({ resourceTemplates: page.items.map((t) => t.wire) }, page.nextCursor);
        },
        'resources/read': ({ params }, ctx) => readResource(host, params['uri'], ctx),
        'prompts/list': async ({ params }) => {
            const page = await paginate(host.prompts.list(), params['cursor'], host.pageSize, 'prompts', host.sealer);
            return withCursor({ prompts: page.items.map((p) => p.wire) }, page.nextCursor);
        },
        'prompts/get': async ({ params }, ctx) => {
            const name = params['name'];
            const prompt = host.prompts.get(name);
            if (prompt === undefined)
                throw RpcError.invalidParams(`Unknown prompt: ${name}`);
            return getPrompt(prompt, params['arguments'], ctx);
        },
        'completion/complete': ({ params }) => completeArgument(host, params),
    };
}
//# sourceMappingURL=features.js.map