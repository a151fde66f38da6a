import type { HttpExchange } from './exchange.js';
import { type HandlerScope } from './handlerScope.js';
/** Serves a POST to the MCP endpoint. */
export declare function endpointPost(scope: HandlerScope, exchange: HttpExchange): Promise<void>;
//# sourceMappingURL=endpointPost.d.ts.map