import { META_PROTOCOL_VERSION } from '../../protocol/meta.js';
import { encodeHeaderValue } from './headerEncoding.js';
/** The params field `Mcp-Name` mirrors, per method. */
const NAME_FIELD = {
    'tools/call': 'name',
    'prompts/get': 'name',
    'resources/read': 'uri',
    'tasks/get': 'taskId',
    'tasks/update': 'taskId',
    'tasks/cancel': 'taskId',
};
function isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/** `Mcp-Method` and, where the method names a target, `Mcp-Name`. Nothing for a response. */
export function standardHeaders(message) {
    if (!('method' in message))
        return {};
    const headers = { 'Mcp-Method': message.method };
    const field = NAME_FIELD[message.method];
    const params = message.params;
    if (field !== undefined && isRecord(params)) {
        const value = params[field];
        if (typeof value === 'string')
            headers['Mcp-Name'] = encodeHeaderValue(value);
    }
    return headers;
}
/** The revision a message names in `_meta` (2026-07-28 and later), or undefined for a handshake-era message. */
export function statelessRevision(message) {
    if (!('method' in message) || !isRecord(message.params))
        return undefined;
    const meta = message.params['_meta'];
    if (!isRecord(meta))
        return undefined;
    const version = meta[META_PROTOCOL_VERSION];
    return typeof version === 'string' ? version : undefined;
}
/** The tool name and arguments of a `tools/call`, or undefined for any other message. */
export function toolCall(message) {
    if (!('method' in message) || message.method !== 'tools/call' || !isRecord(message.params))
        return undefined;
    const name = message.params['name'];
    return typeof name === 'string' ? { name, args: message.params['arguments'] } : undefined;
}
//# sourceMappingURL=messageHeaders.js.map