import type { HttpRequestInfo } from './exchange.js';
import { HttpError } from './httpError.js';
/** Where a POST goes. */
export type Era = 'stateless' | 'handshake';
/** The `_meta` protocol-version claim of a message body, if it makes one (any value, even malformed). */
export declare function metaClaim(message: unknown): {
    readonly claimed: unknown;
} | undefined;
/** True if an `MCP-Protocol-Version` value claims the stateless era (2026-07-28, later, or anything unknown). */
export declare function headerClaimsStateless(version: string | undefined): boolean;
/** Routes one POST body; the error when its claims contradict each other. */
export declare function classify(body: unknown, req: HttpRequestInfo): Era | HttpError;
//# sourceMappingURL=classify.d.ts.map