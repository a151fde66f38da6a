/**
 * DPoP proofs (RFC 9449 §4.3) as a server checks them, at a token endpoint
 * or beside a DPoP-bound access token: one `DPoP` header holding a JWT of
 * `typ` `dpop+jwt`, signed with an asymmetric algorithm by the public key in
 * its own `jwk` header (never a private key, never `none` or an HMAC), whose
 * `htm` is the request's method, `htu` the request's URL without query or
 * fragment, `iat` recent (a window either side of now), `jti` unseen within
 * that window (a replay cache), `ath` the hash of the access token it comes
 * with, and whose key's thumbprint (RFC 7638) is the one the token is bound
 * to (`cnf.jkt`). Server nonces (`DPoP-Nonce`) are not asked for.
 *
 * @module
 */
import type { errors as JoseErrors, JWTHeaderParameters, JWTPayload } from 'jose';
import { MemoryReplayCache, type DpopReplayCache } from './replayCache.js';

/** The algorithms a proof may be signed with: asymmetric only. */
export const DPOP_ALGORITHMS: readonly string[] = ['ES256', 'ES384', 'ES512', 'RS256', 'PS256', 'EdDSA', 'Ed25519'];

/** How proofs are checked. */
export interface DpopOptions {
  /** Seconds a proof stays acceptable after its `iat` (default 60). */
  readonly maxAgeSeconds?: number;
  /** Seconds a proof's `iat` may lie in the future (clock skew; default 10). */
  readonly clockToleranceSeconds?: number;
  /** Signature algorithms accepted (default {@link DPOP_ALGORITHMS}). */
  readonly algorithms?: readonly string[];
  /** Where `jti`s are remembered (default: a {@link MemoryReplayCache}). */
  readonly replayCache?: DpopReplayCache;
}

/** One request's proof and what it must match. */
export interface DpopRequest {
  /** The `DPoP` header (undefined: absent). */
  readonly proof: string | undefined;
  /** The request's method. */
  readonly method: string;
  /** The URLs the proof's `htu` may name (without query or fragment): the request's, as the server knows itself. */
  readonly urls: readonly string[];
  /** The access token presented with the proof: `ath` must be its hash. */
  readonly accessToken?: string;
  /** The thumbprint the access token is bound to (`cnf.jkt`): the proof's key must be that one. */
  readonly jkt?: string;
}

/** A proof's verdict: the thumbprint of its key, or why it is refused (the `error_description` of `invalid_dpop_proof`). */
export type DpopResult = { readonly ok: true; readonly jkt: string } | { readonly ok: false; readonly reason: string };

/**
 * A proof that passed every check but the replay cache, and `record`, which
 * records its `jti` (refusing a replay): a token endpoint checks the grant in
 * between, so that a request refused anyway takes no room in the cache.
 */
export type DpopCheck =
  { readonly ok: true; readonly jkt: string; record(): Promise<DpopResult> } | { readonly ok: false; readonly reason: string };

/** The base64url SHA-256 of `text` (`ath`, RFC 9449 §4.2). */
export async function accessTokenHash(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A URL as `htu` compares it: no query, no fragment; scheme and host lower-cased, default port dropped (RFC 9449 §4.3). */
export function htuOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return undefined;
  }
}

/** Checks DPoP proofs; one per server, so that its replay cache spans every request. */
export class DpopVerifier {
  readonly #maxAge: number;
  readonly #tolerance: number;
  readonly #algorithms: readonly string[];
  readonly #replay: DpopReplayCache;

  constructor(options: DpopOptions = {}) {
    this.#maxAge = options.maxAgeSeconds ?? 60;
    this.#tolerance = options.clockToleranceSeconds ?? 10;
    this.#algorithms = options.algorithms ?? DPOP_ALGORITHMS;
    this.#replay = options.replayCache ?? new MemoryReplayCache();
  }

  /** The algorithms accepted (`dpop_signing_alg_values_supported`). */
  get algorithms(): readonly string[] {
    return this.#algorithms;
  }

  /** Checks `request`'s proof and records its `jti`; a refusal names the first check that failed. */
  async verify(request: DpopRequest): Promise<DpopResult> {
    const checked = await this.check(request);
    return checked.ok ? checked.record() : checked;
  }

  /** Checks `request`'s proof, all but its `jti`: the caller records that with `record` once the request is otherwise good. */
  async check(request: DpopRequest): Promise<DpopCheck> {
    const proof = request.proof?.trim();
    if (proof === undefined || proof === '') return refuse('a DPoP proof (the DPoP header) is required');
    // Two DPoP headers arrive joined with a comma; a JWT never holds one (RFC 9449 §4.3 step 1).
    if (!/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(proof)) return refuse('the DPoP header must be one JWT');
    const jose = await import('jose');
    let header: JWTHeaderParameters;
    let payload: JWTPayload;
    try {
      ({ payload, protectedHeader: header } = await jose.jwtVerify(proof, jose.EmbeddedJWK, {
        typ: 'dpop+jwt',
        algorithms: [...this.#algorithms],
      }));
    } catch (error) {
      return refuse(
        error instanceof jose.errors.JOSEError ? proofReason(error, jose.errors) : 'the DPoP proof is not a valid JWT',
      );
    }
    const claims = await this.#claims(request, payload);
    if (claims !== undefined) return refuse(claims);
    const jkt = await jose.calculateJwkThumbprint(header.jwk as Parameters<typeof jose.calculateJwkThumbprint>[0], 'sha256');
    if (request.jkt !== undefined && request.jkt !== jkt)
      return refuse('the DPoP proof is signed with another key than the one the access token is bound to');
    const until = ((payload.iat as number) + this.#maxAge + this.#tolerance) * 1000;
    const jti = payload.jti as string;
    return {
      ok: true,
      jkt,
      record: async () =>
        (await this.#replay.remember(jkt, jti, until))
          ? { ok: true, jkt }
          : refuse('the DPoP proof was already used (its jti was seen), or its key sent too many proofs'),
    };
  }

  /** The claim checks of RFC 9449 §4.3 steps 8 to 12; the refusal, or undefined. */
  async #claims(request: DpopRequest, payload: JWTPayload): Promise<string | undefined> {
    const { htm, htu, iat, jti, ath } = payload as Record<string, unknown>;
    if (htm !== request.method) return 'the DPoP proof was made for another method (htm)';
    const urls = request.urls.map(htuOf);
    if (typeof htu !== 'string' || htuOf(htu) === undefined || !urls.includes(htuOf(htu)))
      return 'the DPoP proof was made for another URL (htu)';
    if (typeof jti !== 'string' || jti === '' || jti.length > 256) return 'the DPoP proof has no valid jti';
    const now = Date.now() / 1000;
    if (typeof iat !== 'number' || !Number.isFinite(iat)) return 'the DPoP proof has no iat';
    if (iat > now + this.#tolerance) return 'the DPoP proof was issued in the future (iat)';
    if (iat < now - this.#maxAge) return 'the DPoP proof is too old (iat)';
    if (request.accessToken !== undefined) {
      if (typeof ath !== 'string') return 'the DPoP proof has no ath (the hash of the access token)';
      if (ath !== (await accessTokenHash(request.accessToken))) return 'the DPoP proof was made for another access token (ath)';
    }
    return undefined;
  }
}

function refuse(reason: string): { readonly ok: false; readonly reason: string } {
  return { ok: false, reason };
}

function proofReason(error: Error, errors: typeof JoseErrors): string {
  if (error instanceof errors.JOSEAlgNotAllowed) return 'the DPoP proof is signed with an algorithm not accepted here';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'the DPoP proof signature is invalid';
  if (error instanceof errors.JWTClaimValidationFailed) return `the DPoP proof's ${error.claim} is not acceptable`;
  if (error instanceof errors.JWSInvalid) return 'the DPoP proof header is not acceptable (its jwk must be a public key)';
  return 'the DPoP proof is not a valid JWT';
}

/** The `cnf.jkt` an access token's claims bind it to, if any. */
export function boundThumbprint(claims: Readonly<Record<string, unknown>> | undefined): string | undefined {
  const cnf = claims?.['cnf'];
  if (typeof cnf !== 'object' || cnf === null) return undefined;
  const jkt = (cnf as Record<string, unknown>)['jkt'];
  return typeof jkt === 'string' ? jkt : undefined;
}
