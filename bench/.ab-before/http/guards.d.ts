import type { HttpRequestInfo } from './exchange.js';
import { HttpError } from './httpError.js';
import type { ResolvedOptions } from './options.js';
/** The host names a loopback server answers to. */
export declare const LOOPBACK_HOSTS: readonly string[];
/** Splits `host[:port]` (IPv6 in brackets) into its lower-case name and port. */
export declare function splitHost(value: string): {
    readonly name: string;
    readonly port: string | undefined;
};
/** True if `host` matches an allow-list entry (`name` matches any port; `name:port` only that port). */
export declare function hostAllowed(host: string, allowed: readonly string[]): boolean;
/** 403 unless the `Host` header is allowed (when an allow-list is configured). */
export declare function checkHost(req: HttpRequestInfo, options: ResolvedOptions): HttpError | undefined;
/**
 * 403 for a present `Origin` that is not the request's own, not allowed by
 * `allowedOrigins`, and not a configured CORS origin. Requests without
 * `Origin` (non-browser clients) pass.
 */
export declare function checkOrigin(req: HttpRequestInfo, options: ResolvedOptions): HttpError | undefined;
/** 406 unless a POST accepts both JSON and an event stream. */
export declare function checkPostAccept(req: HttpRequestInfo): HttpError | undefined;
/** 406 unless a GET accepts an event stream. */
export declare function checkStreamAccept(req: HttpRequestInfo): HttpError | undefined;
/** 415 unless the body is declared JSON. */
export declare function checkContentType(req: HttpRequestInfo): HttpError | undefined;
//# sourceMappingURL=guards.d.ts.map