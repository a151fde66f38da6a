/**
 * An exchange whose responses all carry some extra headers (CORS), so the
 * request-handling steps never need to know about them.
 *
 * @module
 */
import type { HeaderMap, HttpExchange } from './exchange.js';
/** `exchange`, with `extra` added to every response's headers. */
export declare function withHeaders(exchange: HttpExchange, extra: HeaderMap): HttpExchange;
//# sourceMappingURL=withHeaders.d.ts.map