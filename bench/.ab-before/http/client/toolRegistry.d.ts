/**
 * What the transport learns from `tools/list` results passing through it:
 * each tool's `x-mcp-header` annotations (to build `Mcp-Param-*` headers for
 * its calls), and which tools are invalid (left out of the result the client
 * sees, as the spec requires of Streamable HTTP clients).
 *
 * @module
 */
import type { JsonRpcMessage, RequestId } from '../../jsonrpc/message.js';
/** Tool annotations by tool name, learned from `tools/list` results. */
export declare class ToolRegistry {
    #private;
    constructor(warn: (message: string) => void);
    /** Remembers an outgoing `tools/list` so its result is inspected. */
    watch(id: RequestId): void;
    /**
     * Inspects an incoming message: if it answers a watched `tools/list`, learns
     * its tools and returns the message without the invalid ones (a copy; the
     * input is not modified). Anything else is returned as is.
     */
    inspect(message: JsonRpcMessage): JsonRpcMessage;
    /** The `Mcp-Param-*` headers for a call of `name` with `args` (none for a tool never listed). */
    headersFor(name: string, args: unknown): Record<string, string>;
    /** True once `name` has been seen in a `tools/list` result. */
    knows(name: string): boolean;
}
//# sourceMappingURL=toolRegistry.d.ts.map