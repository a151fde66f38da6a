/**
 * Tamper-evident tokens: a JSON payload and its HMAC-SHA-256, for state the
 * server hands to the client and must be able to trust when it comes back
 * (pagination cursors, `requestState`). Not encrypted: put nothing secret in
 * a payload.
 *
 * @module
 */
import { fromBase64Url, toBase64Url } from './base64.js';
const encoder = new TextEncoder();
const decoder = new TextDecoder();
/** Signs and verifies JSON payloads with one secret. */
export class Sealer {
    #key;
    /** @param secret at least 32 random bytes; the same on every process that must accept the tokens. */
    constructor(secret) {
        // A copy: the caller's array cannot change the key later, and it is backed by a plain ArrayBuffer, as Web Crypto asks.
        this.#key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    }
    /** A fresh random secret (valid for this process only). */
    static randomSecret() {
        return crypto.getRandomValues(new Uint8Array(32));
    }
    /** `payload` as a token: base64url(JSON) "." base64url(HMAC). */
    async seal(payload) {
        const body = encoder.encode(JSON.stringify(payload));
        const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await this.#key, body));
        return `${toBase64Url(body)}.${toBase64Url(mac)}`;
    }
    /** The payload of a token this sealer made, or undefined if it was altered or is not a token. */
    async open(token) {
        if (typeof token !== 'string' || token.length > 1_000_000)
            return undefined;
        const dot = token.indexOf('.');
        if (dot <= 0)
            return undefined;
        const body = fromBase64Url(token.slice(0, dot));
        const mac = fromBase64Url(token.slice(dot + 1));
        if (body === undefined || mac === undefined)
            return undefined;
        // verify() compares in constant time.
        if (!(await crypto.subtle.verify('HMAC', await this.#key, mac, body)))
            return undefined;
        try {
            return JSON.parse(decoder.decode(body));
        }
        catch {
            return undefined;
        }
    }
}
//# sourceMappingURL=seal.js.map