/**
 * GET and DELETE on the MCP endpoint: they exist only for handshake-era
 * sessions. GET opens the session's standalone stream (one at a time; 409 for
 * a second) or resumes any stream with `Last-Event-ID`; DELETE ends the
 * session. Without a session they have no meaning: 405.
 *
 * @see 2025-11-25 `basic/transports.mdx#listening-for-messages-from-the-server`
 * @module
 */
import type { HttpExchange } from './exchange.js';
import { type HandlerScope } from './handlerScope.js';
/** What is allowed at the endpoint (the `Allow` header of a 405). */
export declare const ENDPOINT_METHODS = "GET, POST, DELETE";
/** GET: the standalone stream, or a resumption. */
export declare function sessionGet(scope: HandlerScope, exchange: HttpExchange): Promise<void>;
/** DELETE: ends the session; later requests naming it get 404. */
export declare function sessionDelete(scope: HandlerScope, exchange: HttpExchange): Promise<void>;
//# sourceMappingURL=sessionRequests.d.ts.map