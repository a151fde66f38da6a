import type { JsonRpcErrorResponse, JsonRpcMessage } from '../../jsonrpc/message.js';
import { type FetchContext } from './fetcher.js';
import type { ReconnectPolicy } from './reconnect.js';
import type { ToolRegistry } from './toolRegistry.js';
/** What a refresh needs. */
export interface ToolRefresh {
    /** How requests are made. */
    readonly context: FetchContext;
    /** The MCP endpoint. */
    readonly url: URL;
    /** For reading SSE answers. */
    readonly policy: ReconnectPolicy;
    /** The transport's close signal. */
    readonly signal: AbortSignal;
    /** Learns from each page. */
    readonly tools: ToolRegistry;
    /** The revision and `_meta` of the failed call, reused for the listing. */
    readonly revision: string;
    readonly meta: unknown;
}
/** Lists tools until `name` is seen (or the list ends), teaching the registry every page. */
export declare function refreshTool(refresh: ToolRefresh, name: string): Promise<void>;
/**
 * For a 2026-07-28 `tools/call` refused with HeaderMismatch: refreshes the
 * tool's annotations and tells whether the call's `Mcp-Param-*` headers
 * changed (then one retry is worth it). False for anything else.
 */
export declare function relearnHeaders(base: Omit<ToolRefresh, 'revision' | 'meta'>, message: JsonRpcMessage, answers: readonly JsonRpcErrorResponse[], warn: (message: string) => void): Promise<boolean>;
//# sourceMappingURL=toolRefresh.d.ts.map