/**
 * A verifier for JWT access tokens (RFC 9068 and the like), signed by keys
 * the authorization server publishes as a JWKS. A token signed with a key the
 * verifier does not hold has the JWKS fetched again (key rotation), at most
 * once per cooldown, so a rotation is picked up without a restart and a flood
 * of forged `kid`s costs the authorization server one fetch per cooldown. The signature, `iss`, `exp`
 * and `nbf` are checked by `jose` (loaded on first use, so a server that
 * never sees a token never loads it); the guard then checks the audience
 * against the resource.
 *
 * @module
 */
import type { errors as JoseErrors, JWTPayload, JWTVerifyGetKey } from 'jose';
import { LocalError } from '../../../jsonrpc/localError.js';
import { audiencesOf, numberClaim, refused, scopesOf, stringClaim, type TokenVerifier, type VerifyResult } from './verifier.js';

/** Options of {@link jwtVerifier}. */
export interface JwtVerifierOptions {
  /** The issuer every token must name (`iss`), e.g. `https://auth.example.com`. */
  readonly issuer: string;
  /** Where the signing keys are published (default: the `jwks_uri` of the issuer's RFC 8414 metadata). */
  readonly jwksUri?: string;
  /** The keys themselves, instead of a URL (tests, pinned keys). */
  readonly jwks?: { readonly keys: readonly Readonly<Record<string, unknown>>[] };
  /** Signature algorithms accepted (default: the asymmetric ones jose supports; never `none` or HMAC). */
  readonly algorithms?: readonly string[];
  /** Required `typ` header, e.g. `at+jwt` (default: not checked, since many servers issue plain `JWT`). */
  readonly typ?: string;
  /** The claim that carries scopes (default `scope`, then `scp`). */
  readonly scopeClaim?: string;
  /** Seconds of clock skew tolerated for `exp`/`nbf` (default 30). */
  readonly clockToleranceSeconds?: number;
  /** How `fetch` is done (default: the global one). */
  readonly fetch?: typeof fetch;
  /**
   * Seconds between two fetches of the JWKS caused by a token signed with a
   * key it does not hold (the authorization server rotated its keys): such a
   * token makes the keys be fetched again, at most this often; until then it
   * is refused. Default 30.
   */
  readonly jwksCooldownSeconds?: number;
  /** Seconds the fetched keys are used before they are fetched again anyway. Default 600. */
  readonly jwksMaxAgeSeconds?: number;
}

const ASYMMETRIC = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'];

/** Verifies JWT access tokens against the issuer's published keys. */
export function jwtVerifier(options: JwtVerifierOptions): TokenVerifier {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const getKeys = (): Promise<JWTVerifyGetKey> => {
    keys ??= loadKeys(options).catch((error: unknown) => {
      keys = undefined; // try again on the next request
      throw error;
    });
    return keys;
  };
  return async (token): Promise<VerifyResult> => {
    const [jose, keySet] = await Promise.all([import('jose'), getKeys()]);
    let payload: JWTPayload;
    try {
      ({ payload } = await jose.jwtVerify(token, keySet, {
        issuer: options.issuer,
        algorithms: [...(options.algorithms ?? ASYMMETRIC)],
        clockTolerance: options.clockToleranceSeconds ?? 30,
        ...(options.typ !== undefined && { typ: options.typ }),
      }));
    } catch (error) {
      if (error instanceof jose.errors.JOSEError && !(error instanceof jose.errors.JWKSTimeout))
        return refused(reasonOf(error, jose.errors));
      throw error;
    }
    const claims = payload as Readonly<Record<string, unknown>>;
    return {
      ok: true,
      token: {
        subject: payload.sub,
        clientId: stringClaim(claims, 'client_id') ?? stringClaim(claims, 'azp'),
        scopes: scopesOf(options.scopeClaim !== undefined ? claims[options.scopeClaim] : (claims['scope'] ?? claims['scp'])),
        expiresAt: numberClaim(claims, 'exp'),
        issuer: payload.iss,
        audience: audiencesOf(payload.aud),
        claims,
      },
    };
  };
}

/** A short, safe reason for the client (jose's own messages name claims, never the token). */
function reasonOf(error: Error, errors: typeof JoseErrors): string {
  if (error instanceof errors.JWTExpired) return 'the access token expired';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'the access token signature is invalid';
  if (error instanceof errors.JWKSNoMatchingKey) return 'the access token was signed with an unknown key';
  if (error instanceof errors.JWTClaimValidationFailed) return `the access token's ${error.claim} claim is not acceptable`;
  return 'the access token is not a valid JWT';
}

async function loadKeys(options: JwtVerifierOptions): Promise<JWTVerifyGetKey> {
  const jose = await import('jose');
  if (options.jwks !== undefined) return jose.createLocalJWKSet(options.jwks as Parameters<typeof jose.createLocalJWKSet>[0]);
  const uri = options.jwksUri ?? (await discoverJwksUri(options.issuer, options.fetch ?? fetch));
  return jose.createRemoteJWKSet(new URL(uri), {
    cooldownDuration: (options.jwksCooldownSeconds ?? 30) * 1000,
    cacheMaxAge: (options.jwksMaxAgeSeconds ?? 600) * 1000,
    ...(options.fetch !== undefined && { [jose.customFetch]: options.fetch }),
  });
}

/** The `jwks_uri` of the issuer's metadata (RFC 8414, then OpenID discovery; path-aware). */
async function discoverJwksUri(issuer: string, fetcher: typeof fetch): Promise<string> {
  const url = new URL(issuer);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  const candidates = [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}/.well-known/openid-configuration${path}`,
    `${url.origin}${path}/.well-known/openid-configuration`,
  ];
  for (const candidate of candidates) {
    const response = await fetcher(candidate, { headers: { accept: 'application/json' } });
    if (!response.ok) continue;
    const metadata = JSON.parse(await response.text()) as Readonly<Record<string, unknown>>;
    if (metadata['issuer'] !== issuer) continue;
    const jwks = metadata['jwks_uri'];
    if (typeof jwks === 'string') return jwks;
  }
  throw new LocalError('NOT_SUPPORTED', `No jwks_uri in the metadata of ${issuer}`);
}
