/**
 * Tamper-evident tokens: a JSON payload and its HMAC-SHA-256, for state the
 * server hands to the client and must be able to trust when it comes back
 * (pagination cursors, `requestState`). Not encrypted: put nothing secret in
 * a payload.
 *
 * @module
 */

import { fromBase64Url, toBase64Url } from '../protocol/base64.js';

const encoder = new TextEncoder();
let decoder: InstanceType<typeof TextDecoder> | undefined;

/** Signs and verifies JSON payloads with one secret. */
export class Sealer {
  readonly #secret: Uint8Array<ArrayBuffer> | undefined;
  #key: ReturnType<typeof crypto.subtle.importKey> | undefined;

  /**
   * @param secret at least 32 random bytes; the same on every process that must accept the tokens.
   *   Absent: a random one, made on first use (most servers never seal anything, and the first
   *   use of Web Crypto costs milliseconds at start-up).
   */
  constructor(secret?: Uint8Array) {
    // A copy: the caller's array cannot change the key later, and it is backed by a plain ArrayBuffer, as Web Crypto asks.
    this.#secret = secret === undefined ? undefined : new Uint8Array(secret);
  }

  /** A fresh random secret (valid for this process only). */
  static randomSecret(): Uint8Array {
    return crypto.getRandomValues(new Uint8Array(32));
  }

  #importKey(): ReturnType<typeof crypto.subtle.importKey> {
    this.#key ??= crypto.subtle.importKey(
      'raw',
      this.#secret ?? new Uint8Array(Sealer.randomSecret()),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    return this.#key;
  }

  /** `payload` as a token: base64url(JSON) "." base64url(HMAC). */
  async seal(payload: unknown): Promise<string> {
    const body = encoder.encode(JSON.stringify(payload));
    const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await this.#importKey(), body));
    return `${toBase64Url(body)}.${toBase64Url(mac)}`;
  }

  /** The payload of a token this sealer made, or undefined if it was altered or is not a token. */
  async open(token: unknown): Promise<unknown> {
    if (typeof token !== 'string' || token.length > 1_000_000) return undefined;
    const dot = token.indexOf('.');
    if (dot <= 0) return undefined;
    const body = fromBase64Url(token.slice(0, dot));
    const mac = fromBase64Url(token.slice(dot + 1));
    if (body === undefined || mac === undefined) return undefined;
    // verify() compares in constant time.
    if (!(await crypto.subtle.verify('HMAC', await this.#importKey(), mac, body))) return undefined;
    try {
      return JSON.parse((decoder ??= new TextDecoder()).decode(body)) as unknown;
    } catch {
      return undefined;
    }
  }
}
