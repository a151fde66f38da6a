import type { HttpExchange } from './exchange.js';
import type { HandlerScope } from './handlerScope.js';
import { HttpError } from './httpError.js';
import { HttpSession } from './httpSession.js';
/** The session the request names, or 400 (no header), 404 (unknown, ended, or someone else's). */
export declare function findSession(scope: HandlerScope, exchange: HttpExchange): HttpSession | HttpError;
/** 400 for an `MCP-Protocol-Version` the server does not speak in the handshake era. */
export declare function checkVersionHeader(scope: HandlerScope, exchange: HttpExchange): HttpError | undefined;
//# sourceMappingURL=sessionLookup.d.ts.map