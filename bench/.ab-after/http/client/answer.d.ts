/**
 * Reading the answer to a request the transport sends on its own behalf (a
 * replayed `initialize`, a `tools/list` to refresh header annotations): the
 * response with the request's id, from a JSON or SSE body. Nothing else on
 * that body belongs to any caller, so it is dropped.
 *
 * @module
 */
import type { JsonRpcMessage, RequestId } from '../../jsonrpc/message.js';
import type { ReconnectPolicy } from './reconnect.js';
/** The response to `id` carried by `response`; an HTTP error without a JSON-RPC answer rejects with `HttpTransportError`. */
export declare function readAnswer(response: Response, id: RequestId, what: string, policy: ReconnectPolicy, signal: AbortSignal): Promise<JsonRpcMessage>;
//# sourceMappingURL=answer.d.ts.map