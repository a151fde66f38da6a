/**
 * Tamper-evident tokens: a JSON payload and its HMAC-SHA-256, for state the
 * server hands to the client and must be able to trust when it comes back
 * (pagination cursors, `requestState`). Not encrypted: put nothing secret in
 * a payload.
 *
 * @module
 */
/** Signs and verifies JSON payloads with one secret. */
export declare class Sealer {
    #private;
    /** @param secret at least 32 random bytes; the same on every process that must accept the tokens. */
    constructor(secret: Uint8Array);
    /** A fresh random secret (valid for this process only). */
    static randomSecret(): Uint8Array;
    /** `payload` as a token: base64url(JSON) "." base64url(HMAC). */
    seal(payload: unknown): Promise<string>;
    /** The payload of a token this sealer made, or undefined if it was altered or is not a token. */
    open(token: unknown): Promise<unknown>;
}
//# sourceMappingURL=seal.d.ts.map