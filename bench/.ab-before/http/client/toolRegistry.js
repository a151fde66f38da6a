import { paramHeaders, scanToolHeaders } from './toolHeaders.js';
function isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/** Tool annotations by tool name, learned from `tools/list` results. */
export class ToolRegistry {
    #declarations = new Map();
    #listIds = new Set();
    #warn;
    constructor(warn) {
        this.#warn = warn;
    }
    /** Remembers an outgoing `tools/list` so its result is inspected. */
    watch(id) {
        this.#listIds.add(id);
    }
    /**
     * Inspects an incoming message: if it answers a watched `tools/list`, learns
     * its tools and returns the message without the invalid ones (a copy; the
     * input is not modified). Anything else is returned as is.
     */
    inspect(message) {
        if (!('result' in message) || !this.#listIds.delete(message.id))
            return message;
        const result = message.result;
        if (!isRecord(result) || !Array.isArray(result['tools']))
            return message;
        const tools = result['tools'];
        const kept = tools.filter((tool) => this.#learn(tool));
        return kept.length === tools.length ? message : { ...message, result: { ...result, tools: kept } };
    }
    /** The `Mcp-Param-*` headers for a call of `name` with `args` (none for a tool never listed). */
    headersFor(name, args) {
        const declarations = this.#declarations.get(name);
        return declarations === undefined || declarations.length === 0 ? {} : paramHeaders(declarations, args);
    }
    /** True once `name` has been seen in a `tools/list` result. */
    knows(name) {
        return this.#declarations.has(name);
    }
    #learn(tool) {
        if (!isRecord(tool) || typeof tool['name'] !== 'string')
            return true; // not ours to judge; the client validates shapes
        const name = tool['name'];
        const scan = scanToolHeaders(tool['inputSchema']);
        this.#declarations.set(name, scan.declarations);
        if (scan.problem === undefined)
            return true;
        this.#warn(`Tool "${name}" left out of tools/list: ${scan.problem}`);
        return false;
    }
}
//# sourceMappingURL=toolRegistry.js.map