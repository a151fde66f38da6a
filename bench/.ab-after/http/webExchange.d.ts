/**
 * The web face of the exchange: a fetch-API `Request` in, a `Response`
 * promise out. A streamed answer is a `ReadableStream` whose cancellation
 * (the client hung up) closes the writer and fires the exchange's signal.
 *
 * @module
 */
import type { BodyRead, HeaderMap, HttpExchange, StreamWriter } from './exchange.js';
/** An exchange over a web `Request`; `response` settles when the handler answers. */
export declare class WebExchange implements HttpExchange {
    #private;
    readonly method: string;
    readonly path: string;
    readonly auth: unknown;
    /** The answer, once the handler gives it. */
    readonly response: Promise<Response>;
    constructor(request: Request, auth?: unknown);
    get answered(): boolean;
    get signal(): AbortSignal;
    query(name: string): string | undefined;
    header(name: string): string | undefined;
    readBody(limit: number): Promise<BodyRead>;
    respond(status: number, headers: HeaderMap, body?: string): void;
    stream(status: number, headers: HeaderMap): StreamWriter;
}
//# sourceMappingURL=webExchange.d.ts.map