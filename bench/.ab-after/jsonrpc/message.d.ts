/**
 * JSON-RPC 2.0 message shapes. This layer knows nothing of MCP: params are any
 * JSON object or array, results any JSON value.
 *
 * @see https://www.jsonrpc.org/specification
 * @module
 */
/** A request id: a string or an integer, never null. */
export type RequestId = string | number;
/** Named (object) or positional (array) parameters. MCP only ever uses objects. */
export type Params = Readonly<Record<string, unknown>> | readonly unknown[];
/** A call that expects a response. */
export interface JsonRpcRequest {
    readonly jsonrpc: '2.0';
    readonly id: RequestId;
    readonly method: string;
    readonly params?: Params;
}
/** A one-way message; the receiver never answers it. */
export interface JsonRpcNotification {
    readonly jsonrpc: '2.0';
    readonly method: string;
    readonly params?: Params;
}
/** The error object carried by an error response. */
export interface JsonRpcErrorObject {
    readonly code: number;
    readonly message: string;
    readonly data?: unknown;
}
/** A successful response. */
export interface JsonRpcResultResponse {
    readonly jsonrpc: '2.0';
    readonly id: RequestId;
    readonly result: unknown;
}
/** A failed response. `id` is absent when the request's id could not be read. */
export interface JsonRpcErrorResponse {
    readonly jsonrpc: '2.0';
    readonly id?: RequestId;
    readonly error: JsonRpcErrorObject;
}
/** Either kind of response. */
export type JsonRpcResponse = JsonRpcResultResponse | JsonRpcErrorResponse;
/** Any single JSON-RPC message. */
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse;
/** What a transport carries: one message, or a batch where the protocol revision allows it. */
export type JsonRpcPayload = JsonRpcMessage | readonly JsonRpcMessage[];
/** True for a request (has `method` and `id`). */
export declare function isRequest(message: JsonRpcMessage): message is JsonRpcRequest;
/** True for a notification (has `method`, no `id`). */
export declare function isNotification(message: JsonRpcMessage): message is JsonRpcNotification;
/** True for a result or error response. */
export declare function isResponse(message: JsonRpcMessage): message is JsonRpcResponse;
/** True for an error response. */
export declare function isErrorResponse(message: JsonRpcMessage): message is JsonRpcErrorResponse;
//# sourceMappingURL=message.d.ts.map