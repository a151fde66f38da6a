import type { RequestId } from '../jsonrpc/message.js';
import type { HttpExchange } from './exchange.js';
import { type HandlerScope, type Servable } from './handlerScope.js';
import { KeepAlive } from './keepAlive.js';
import { type HttpHandlerOptions, type ResolvedOptions } from './options.js';
import { SessionTable } from './sessionTable.js';
/** Serves an MCP server over HTTP; the web and Node faces both drive one of these. */
export declare class McpHttpHandler implements HandlerScope {
    #private;
    readonly server: Servable;
    readonly options: ResolvedOptions;
    readonly sessions: SessionTable;
    readonly keepAlive: KeepAlive;
    constructor(server: Servable, options?: HttpHandlerOptions);
    /** True if `path` is one of the paths this handler serves. */
    serves(path: string): boolean;
    /** Handles one exchange to the end; never rejects (an unexpected failure is a 500). */
    handle(exchange: HttpExchange): Promise<void>;
    /**
     * Closes the connection carrying the answer to request `requestId` of
     * session `sessionId` without ending its stream: the client reconnects after
     * the advised `retry` delay and resumes with `Last-Event-ID` (2025-11-25
     * polling, SEP-1699). False if no such request is in flight.
     */
    closeStream(sessionId: string, requestId: RequestId): boolean;
    /** Closes every session and refuses further requests (503). */
    close(): Promise<void>;
}
//# sourceMappingURL=httpHandler.d.ts.map