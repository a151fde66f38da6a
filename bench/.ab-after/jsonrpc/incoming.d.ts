/**
 * One inbound request being handled: the context its handler receives. The
 * abort controller is created only if the handler reads `signal`, since most
 * handlers finish before anyone could cancel them.
 *
 * @module
 */
import type { Params, RequestId } from './message.js';
import type { RequestOptions } from './pending.js';
import type { MessageInfo } from './transport.js';
/** What the handler context needs from its connection. */
export interface IncomingHost {
    notify(method: string, params: Params | undefined, relatedRequestId: RequestId): Promise<void>;
    request(method: string, params: Params | undefined, options: RequestOptions): Promise<unknown>;
}
/** The context a request handler runs in. */
export interface RequestContext {
    /** The request's id. */
    readonly id: RequestId;
    /** The request's method. */
    readonly method: string;
    /** Fires when the peer cancels the request or the connection closes. */
    readonly signal: AbortSignal;
    /** What the transport knew about the message (auth, transport detail). */
    readonly info: MessageInfo | undefined;
    /** Sends a notification tied to this request; dropped once the request is finished. */
    notify(method: string, params?: Params): Promise<void>;
    /** Sends a request to the peer on behalf of this one. */
    request(method: string, params?: Params, options?: RequestOptions): Promise<unknown>;
}
/** An inbound request in flight; also its handler's context. */
export declare class IncomingRequest implements RequestContext {
    #private;
    readonly id: RequestId;
    readonly method: string;
    readonly info: MessageInfo | undefined;
    constructor(host: IncomingHost, id: RequestId, method: string, info: MessageInfo | undefined);
    get signal(): AbortSignal;
    /** True once the peer cancelled (or the connection closed): the response is not sent. */
    get cancelled(): boolean;
    /** Marks the request cancelled and fires the handler's signal. */
    cancel(reason: unknown): void;
    /** The handler finished; later notifications are dropped. */
    finish(): void;
    notify(method: string, params?: Params): Promise<void>;
    request(method: string, params?: Params, options?: RequestOptions): Promise<unknown>;
}
//# sourceMappingURL=incoming.d.ts.map