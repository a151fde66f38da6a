import type { HttpExchange } from './exchange.js';
import { type HandlerScope } from './handlerScope.js';
/** Serves a 2026-07-28 POST whose body was already parsed. */
export declare function statelessPost(scope: HandlerScope, exchange: HttpExchange, body: unknown): Promise<void>;
//# sourceMappingURL=statelessPost.d.ts.map