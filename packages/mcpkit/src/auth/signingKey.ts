/**
 * Signing keys for JWTs (private_key_jwt client assertions, DPoP proofs) on
 * WebCrypto alone: ES256, ES384, RS256, PS256 and EdDSA (Ed25519), from a
 * PKCS#8 PEM, a private JWK, or a key pair generated here.
 *
 * @module
 */
import { AuthorizationError } from './authorizationError.js';
import { base64url, base64urlText, fromBase64 } from './base64url.js';

/** A WebCrypto `CryptoKey`, in whichever runtime's typing. */
export type WebCryptoKey = Parameters<typeof crypto.subtle.sign>[1];

/** A JSON Web Key (RFC 7517). */
export interface Jwk {
  kty?: string;
  crv?: string;
  x?: string;
  y?: string;
  n?: string;
  e?: string;
  d?: string;
  kid?: string;
  alg?: string;
}

/** The WebCrypto parameters of one algorithm. */
interface AlgorithmParams {
  readonly name: string;
  readonly namedCurve?: string;
  readonly hash?: string;
  readonly saltLength?: number;
}

/** The JWS algorithms supported. */
export type JwsAlgorithm = 'ES256' | 'ES384' | 'RS256' | 'PS256' | 'EdDSA';

/** A private key ready to sign, with its algorithm (and its public JWK when known: DPoP needs it). */
export interface SigningKey {
  readonly algorithm: JwsAlgorithm;
  readonly privateKey: WebCryptoKey;
  /** The public half as a JWK (no private members). */
  readonly publicJwk?: Jwk;
  /** The `kid` to put in JWT headers. */
  readonly keyId?: string;
}

const PARAMS: Readonly<Record<JwsAlgorithm, AlgorithmParams>> = {
  ES256: { name: 'ECDSA', namedCurve: 'P-256' },
  ES384: { name: 'ECDSA', namedCurve: 'P-384' },
  RS256: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
  PS256: { name: 'RSA-PSS', hash: 'SHA-256' },
  EdDSA: { name: 'Ed25519' },
};

const SIGN: Readonly<Record<JwsAlgorithm, AlgorithmParams>> = {
  ES256: { name: 'ECDSA', hash: 'SHA-256' },
  ES384: { name: 'ECDSA', hash: 'SHA-384' },
  RS256: { name: 'RSASSA-PKCS1-v1_5' },
  PS256: { name: 'RSA-PSS', saltLength: 32 },
  EdDSA: { name: 'Ed25519' },
};

/** True for an algorithm this module signs with. */
export function isJwsAlgorithm(value: string): value is JwsAlgorithm {
  return value in PARAMS;
}

/** Imports a PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`) or a private JWK (as an object or JSON text). */
export async function importSigningKey(key: string | Jwk, algorithm: JwsAlgorithm, keyId?: string): Promise<SigningKey> {
  try {
    const jwk = typeof key === 'string' && key.trim().startsWith('{') ? (JSON.parse(key) as Jwk) : key;
    const privateKey =
      typeof jwk === 'string'
        ? await crypto.subtle.importKey('pkcs8', pemBytes(jwk), PARAMS[algorithm], false, ['sign'])
        : await crypto.subtle.importKey('jwk', jwk, PARAMS[algorithm], false, ['sign']);
    const kid = keyId ?? (typeof jwk === 'object' ? jwk.kid : undefined);
    return kid === undefined ? { algorithm, privateKey } : { algorithm, privateKey, keyId: kid };
  } catch (error) {
    if (error instanceof AuthorizationError) throw error;
    throw new AuthorizationError('not_configured', `The private key could not be imported for ${algorithm}`, { cause: error });
  }
}

/** A fresh key pair (not extractable), with its public JWK: a DPoP key. */
export async function generateSigningKey(algorithm: JwsAlgorithm = 'ES256'): Promise<SigningKey> {
  const params =
    algorithm === 'RS256' || algorithm === 'PS256'
      ? { ...PARAMS[algorithm], modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) }
      : PARAMS[algorithm];
  const pair = (await crypto.subtle.generateKey(params, false, ['sign', 'verify'])) as {
    readonly publicKey: WebCryptoKey;
    readonly privateKey: WebCryptoKey;
  };
  const jwk = (await crypto.subtle.exportKey('jwk', pair.publicKey)) as Jwk;
  const publicJwk: Jwk = {};
  for (const member of ['kty', 'crv', 'x', 'y', 'n', 'e'] as const)
    if (jwk[member] !== undefined) publicJwk[member] = jwk[member];
  return { algorithm, privateKey: pair.privateKey, publicJwk };
}

/** A compact JWS of `payload` with `header` (its `alg`, and `kid` when the key has one, filled in). */
export async function signJwt(
  key: SigningKey,
  header: Readonly<Record<string, unknown>>,
  payload: Readonly<Record<string, unknown>>,
): Promise<string> {
  const fullHeader = { alg: key.algorithm, ...(key.keyId === undefined ? {} : { kid: key.keyId }), ...header };
  const input = `${base64urlText(JSON.stringify(fullHeader))}.${base64urlText(JSON.stringify(payload))}`;
  const signature = await crypto.subtle.sign(SIGN[key.algorithm], key.privateKey, new TextEncoder().encode(input));
  // WebCrypto's ECDSA signature is already r‖s, the JWS form.
  return `${input}.${base64url(new Uint8Array(signature))}`;
}

function pemBytes(pem: string): Uint8Array<ArrayBuffer> {
  const match = /-----BEGIN PRIVATE KEY-----([\s\S]+?)-----END PRIVATE KEY-----/.exec(pem);
  if (match === null)
    throw new AuthorizationError(
      'not_configured',
      'The private key must be PKCS#8 PEM (-----BEGIN PRIVATE KEY-----) or a JWK; convert others with `openssl pkcs8 -topk8 -nocrypt`',
    );
  return fromBase64(match[1] as string);
}
