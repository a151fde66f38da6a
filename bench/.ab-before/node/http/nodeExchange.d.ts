/**
 * The native `node:http` face of the exchange: no web objects per request.
 * The body is read into Buffers (stopping at the limit) and decoded once;
 * headers and SSE frames are written straight to the `ServerResponse`.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BodyRead, HeaderMap, HttpExchange, StreamWriter } from '../../http/exchange.js';
/** An exchange over a Node request and response. */
export declare class NodeExchange implements HttpExchange {
    #private;
    readonly method: string;
    readonly path: string;
    readonly auth: unknown;
    constructor(req: IncomingMessage, res: ServerResponse);
    get answered(): boolean;
    get signal(): AbortSignal;
    query(name: string): string | undefined;
    header(name: string): string | undefined;
    readBody(limit: number): Promise<BodyRead>;
    respond(status: number, headers: HeaderMap, body?: string): void;
    stream(status: number, headers: HeaderMap): StreamWriter;
}
//# sourceMappingURL=nodeExchange.d.ts.map