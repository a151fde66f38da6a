/**
 * The dev authorization server's signing key and JWTs: one ES256 key pair
 * made at start-up (tokens do not survive a restart, which is right for a
 * development server), published as a JWKS. Web Crypto's ECDSA signature is
 * already the JWS form (r || s), so no JOSE library is needed to mint.
 *
 * @module
 */
import { webcrypto } from 'node:crypto';

const encoder = new TextEncoder();

/** Base64url without padding (RFC 7515 §2). */
export function base64url(data: Uint8Array | string): string {
  return Buffer.from(typeof data === 'string' ? encoder.encode(data) : data).toString('base64url');
}

/** Signs JWTs with a fresh ES256 key. */
export class Signer {
  readonly #privateKey: webcrypto.CryptoKey;
  /** The public key as a JWK (with `kid`, `alg`, `use`). */
  readonly jwk: Readonly<Record<string, unknown>>;

  private constructor(privateKey: webcrypto.CryptoKey, jwk: Readonly<Record<string, unknown>>) {
    this.#privateKey = privateKey;
    this.jwk = jwk;
  }

  /** Makes a key pair. */
  static async create(): Promise<Signer> {
    const pair = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
    const exported = await webcrypto.subtle.exportKey('jwk', pair.publicKey);
    const kid = base64url(webcrypto.getRandomValues(new Uint8Array(9)));
    return new Signer(pair.privateKey, {
      kty: exported.kty,
      crv: exported.crv,
      x: exported.x,
      y: exported.y,
      kid,
      alg: 'ES256',
      use: 'sig',
    });
  }

  /** A signed JWT with these claims (default `typ` `at+jwt`, RFC 9068). */
  async sign(claims: Readonly<Record<string, unknown>>, typ = 'at+jwt'): Promise<string> {
    const header = base64url(JSON.stringify({ alg: 'ES256', typ, kid: this.jwk['kid'] }));
    const input = `${header}.${base64url(JSON.stringify(claims))}`;
    const signature = await webcrypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, this.#privateKey, encoder.encode(input));
    return `${input}.${base64url(new Uint8Array(signature))}`;
  }
}

/** The S256 code challenge of a verifier (RFC 7636 §4.2). */
export async function s256(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await webcrypto.subtle.digest('SHA-256', encoder.encode(verifier))));
}

/** A random opaque value (codes, secrets, refresh tokens): 256 bits, base64url. */
export function randomToken(): string {
  return base64url(webcrypto.getRandomValues(new Uint8Array(32)));
}
