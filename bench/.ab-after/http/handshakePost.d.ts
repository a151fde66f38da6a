import type { HttpExchange } from './exchange.js';
import { type HandlerScope } from './handlerScope.js';
/** Serves a handshake-era POST whose body was already parsed. */
export declare function handshakePost(scope: HandlerScope, exchange: HttpExchange, body: unknown): Promise<void>;
//# sourceMappingURL=handshakePost.d.ts.map