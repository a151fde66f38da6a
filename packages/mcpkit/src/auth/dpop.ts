/**
 * DPoP (RFC 9449): a key pair held for the life of the client, a fresh proof
 * JWT per request (`htm`, `htu` without query or fragment, `iat`, a unique
 * `jti`, `ath` beside an access token, the server's `nonce` when it asked for
 * one), and the nonces each server handed out, by origin.
 *
 * @module
 */
import { randomToken, sha256 } from './base64url.js';
import { generateSigningKey, signJwt, type JwsAlgorithm, type SigningKey } from './signingKey.js';

/** Makes DPoP proofs with one key. */
export class DpopProver {
  readonly #key: Promise<SigningKey>;
  readonly #nonces = new Map<string, string>();

  constructor(key?: SigningKey | Promise<SigningKey>, algorithm: JwsAlgorithm = 'ES256') {
    this.#key = Promise.resolve(key ?? generateSigningKey(algorithm));
    this.#key.catch(() => undefined);
  }

  /** A proof for `method url`, bound to `accessToken` when one is presented with it. */
  async proof(method: string, url: URL, accessToken?: string): Promise<string> {
    const key = await this.#key;
    const htu = `${url.origin}${url.pathname}`;
    const nonce = this.#nonces.get(url.origin);
    const payload: Record<string, unknown> = {
      htm: method,
      htu,
      iat: Math.floor(Date.now() / 1000),
      jti: randomToken(16),
    };
    if (nonce !== undefined) payload['nonce'] = nonce;
    if (accessToken !== undefined) payload['ath'] = await sha256(accessToken);
    return signJwt(key, { typ: 'dpop+jwt', jwk: key.publicJwk }, payload);
  }

  /** Records the `DPoP-Nonce` a server at `url` sent; true when it is new (a retry will use it). */
  rememberNonce(url: URL, nonce: string | null | undefined): boolean {
    if (nonce === null || nonce === undefined || nonce === '') return false;
    const previous = this.#nonces.get(url.origin);
    this.#nonces.set(url.origin, nonce);
    return previous !== nonce;
  }
}
