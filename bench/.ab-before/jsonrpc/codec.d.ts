import type { JsonRpcErrorObject, JsonRpcMessage, JsonRpcPayload, RequestId } from './message.js';
/** Where the input is acceptable as a batch (JSON-RPC arrays; MCP 2025-03-26 only). */
export interface DecodeOptions {
    readonly allowBatch?: boolean;
}
/** A message that failed to decode, with what is needed to answer it. */
export interface DecodeFailure {
    readonly ok: false;
    readonly error: JsonRpcErrorObject;
    /** The id, when it could be read; an error reply carries it. */
    readonly id?: RequestId;
    /** False when the input looked like a response: a response is never answered. */
    readonly reply: boolean;
}
/** A decoded single message. */
export interface DecodedMessage {
    readonly ok: true;
    readonly message: JsonRpcMessage;
}
/** A decoded batch: each element decoded on its own. */
export interface DecodedBatch {
    readonly ok: true;
    readonly batch: readonly (DecodedMessage | DecodeFailure)[];
}
/** The result of decoding one frame. */
export type DecodeResult = DecodedMessage | DecodedBatch | DecodeFailure;
/** True for a valid request id: a string, or an integer JavaScript holds exactly. */
export declare function isValidId(id: unknown): id is RequestId;
/**
 * Decodes one frame of text or UTF-8 bytes. Invalid UTF-8 or JSON is -32700;
 * valid JSON that is not a message is -32600.
 */
export declare function decode(input: string | Uint8Array, options?: DecodeOptions): DecodeResult;
/** Validates an already-parsed JSON value as a message or (if allowed) a batch. */
export declare function decodeValue(value: unknown, options?: DecodeOptions): DecodeResult;
/**
 * Serializes a message or batch to one line of JSON text (never containing a
 * raw newline). Throws `LocalError('INVALID_ARGUMENT')` when JSON cannot
 * represent the payload (a bigint, a cycle, nesting deeper than the
 * serializer's stack); transports turn that into a rejected `send`.
 */
export declare function encode(payload: JsonRpcPayload): string;
//# sourceMappingURL=codec.d.ts.map