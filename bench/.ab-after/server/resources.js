/**
 * Resources: static ones (one URI each) and templates (RFC 6570), how a
 * server author declares them, and how `resources/read` finds the handler.
 *
 * @module
 */
import { LocalError } from '../jsonrpc/localError.js';
import { RpcError } from '../jsonrpc/rpcError.js';
import { ErrorCode } from '../protocol/errorCodes.js';
import { UriTemplate } from '../protocol/uriTemplate.js';
import { eraOf } from '../protocol/versions.js';
import { toBase64 } from './base64.js';
function describe(d) {
    return {
        name: d.name,
        ...(d.title !== undefined && { title: d.title }),
        ...(d.description !== undefined && { description: d.description }),
        ...(d.mimeType !== undefined && { mimeType: d.mimeType }),
        ...(d.annotations !== undefined && { annotations: d.annotations }),
        ...(d.icons !== undefined && { icons: d.icons }),
        ...(d._meta !== undefined && { _meta: d._meta }),
    };
}
/** Prepares a static resource. */
export function prepareResource(definition, handler) {
    if (!isUri(definition.uri))
        throw new LocalError('INVALID_ARGUMENT', `Resource URI ${JSON.stringify(definition.uri)} is not an absolute URI`);
    const wire = { uri: definition.uri, ...describe(definition), ...(definition.size !== undefined && { size: definition.size }) };
    return { definition, handler, wire };
}
/** Prepares a template (parsing it once). */
export function prepareTemplate(definition, handler) {
    const template = new UriTemplate(definition.uriTemplate);
    const { name, ...rest } = describe(definition);
    const wire = { uriTemplate: definition.uriTemplate, name, ...rest };
    return { definition, handler, template, wire };
}
function isUri(value) {
    return /^[A-Za-z][A-Za-z0-9+.-]*:/.test(value);
}
/** The error for an unknown resource: -32002 before 2026-07-28, -32602 from it; `data.uri` either way. */
export function resourceNotFound(uri, revision) {
    const code = eraOf(revision) === 'stateless' ? ErrorCode.InvalidParams : ErrorCode.ResourceNotFound;
    return new RpcError(code, `Resource not found: ${uri}`, { uri });
}
/** Turns what a handler returned into a `ReadResourceResult` for `uri`. */
export function toReadResult(value, uri, mimeType) {
    const withType = mimeType === undefined ? {} : { mimeType };
    if (typeof value === 'string')
        return { contents: [{ uri, ...withType, text: value }] };
    if (value instanceof Uint8Array)
        return { contents: [{ uri, ...withType, blob: toBase64(value) }] };
    if (Array.isArray(value))
        return { contents: value };
    if ('contents' in value)
        return value;
    return { contents: [value] };
}
//# sourceMappingURL=resources.js.map