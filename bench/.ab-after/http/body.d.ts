import type { HttpExchange } from './exchange.js';
import { HttpError } from './httpError.js';
/** The parsed JSON body, or the rejection. */
export declare function readJsonBody(exchange: HttpExchange, limit: number): Promise<{
    readonly value: unknown;
} | HttpError>;
//# sourceMappingURL=body.d.ts.map