/**
 * The `ctx.transport` of a handshake-era request: a view of the HTTP request
 * (never the exchange itself, which can answer it) plus the polling hook of
 * its stream.
 *
 * @module
 */
import type { HttpRequestInfo, HttpTransportInfo } from './exchange.js';
/** A read-only view of a session request. */
export declare class RequestView implements HttpTransportInfo {
    #private;
    readonly sessionId: string | undefined;
    readonly closeSseStream: (() => void) | undefined;
    constructor(request: HttpRequestInfo, sessionId: string | undefined, closeSseStream: (() => void) | undefined);
    get method(): string;
    get path(): string;
    query(name: string): string | undefined;
    header(name: string): string | undefined;
}
//# sourceMappingURL=requestView.d.ts.map