/**
 * One POST in flight: the requests it carries that still wait for their
 * response, and the abort controller of its fetch and response stream.
 *
 * @module
 */
import type { JsonRpcMessage, RequestId } from '../../jsonrpc/message.js';
/** The state of one POST and its response stream. */
export declare class Exchange {
    #private;
    /** Aborts the fetch and the response stream. */
    readonly controller: AbortController;
    /** The ids of the requests in the body. */
    readonly ids: readonly RequestId[];
    /** True when the body names a revision in `_meta` (2026-07-28): no session, no resumption, closing the stream cancels. */
    readonly stateless: boolean;
    constructor(ids: readonly RequestId[], stateless: boolean, parent: AbortSignal);
    /** True once every request has its response (at once for a body without requests). */
    get done(): boolean;
    /** True after {@link cancel}. */
    get cancelled(): boolean;
    /** Records a response; once all have arrived, the stream is released. */
    answer(id: RequestId): void;
    /** The caller gave up on the request(s): abort the fetch. On a 2026-07-28 stream that is the cancellation itself. */
    cancel(): void;
    /** Detaches from the transport's close signal. */
    dispose(): void;
}
/**
 * Where a `notifications/cancelled` goes. For a 2026-07-28 request, closing
 * its stream is the cancellation: it is aborted here and nothing is POSTed
 * (`'stateless'`, also when nothing is in flight on a connection that never
 * had a handshake: there is nobody to tell). For a handshake-era request, the
 * exchange to abort once the notification went out. Undefined otherwise.
 */
export declare function routeCancellation(message: JsonRpcMessage, exchanges: ReadonlyMap<RequestId, Exchange>, statelessConnection: boolean): 'stateless' | Exchange | undefined;
//# sourceMappingURL=exchange.d.ts.map