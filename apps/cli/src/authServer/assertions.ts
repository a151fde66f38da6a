/**
 * JWT assertions the dev authorization server accepts from outside: a
 * client's `private_key_jwt` (RFC 7523 §2.2), an ID-JAG from the local
 * identity provider, a workload's JWT from a trusted issuer (RFC 7523 §2.1).
 * Each is checked the same way: signature by a key of its issuer (asymmetric
 * algorithms only, through the library's `jwtVerifier`), `iss`, an `aud`
 * that names this server, an `exp` that is present and not too far off,
 * `nbf`, and where asked a `jti` seen only once until it expires.
 *
 * @module
 */
import { jwtVerifier, type TokenVerifier } from 'mcpkit/http';
import type { ClientKeys } from './clients.js';
import type { DevAuthContext } from './context.js';

/** An assertion's claims once checked. */
export type AssertionClaims = Readonly<Record<string, unknown>> & { readonly exp: number };

/** What one assertion must satisfy. */
export interface AssertionRule {
  /** What it is, for messages (`the client assertion`). */
  readonly what: string;
  /** Verifies the signature and `iss` (a `jwtVerifier`). */
  readonly verifier: TokenVerifier;
  /** Any one of these must be in `aud`. */
  readonly audiences: readonly string[];
  /** Refuse an `exp` further away than this (seconds). */
  readonly maxLifetimeSeconds: number;
  /** A `jti` is required and accepted once (client assertions, ID-JAGs). */
  readonly singleUse: boolean;
}

/** The checked claims, or why the assertion is refused. */
export async function checkAssertion(
  ctx: DevAuthContext,
  assertion: string,
  rule: AssertionRule,
): Promise<AssertionClaims | string> {
  let result;
  try {
    result = await rule.verifier(assertion, { resource: ctx.issuer });
  } catch (error) {
    // Only the log hears why: the client names the jwks_uri, and the reason would tell it how
    // this server resolves any name, or what an internal host answers.
    ctx.log(`the keys to check ${rule.what} could not be read: ${error instanceof Error ? error.message : String(error)}`);
    return `the keys to check ${rule.what} could not be fetched (the server's log says why)`;
  }
  if (!result.ok) return `${rule.what} is refused: ${result.reason.replace('the access token', 'it')}`;
  const claims = result.token.claims ?? {};
  const exp = claims['exp'];
  const now = Date.now() / 1000;
  if (typeof exp !== 'number') return `${rule.what} has no exp`;
  if (exp > now + rule.maxLifetimeSeconds) return `${rule.what} expires too far in the future`;
  const aud = claims['aud'];
  const audiences = typeof aud === 'string' ? [aud] : Array.isArray(aud) ? aud : [];
  if (!audiences.some((a) => typeof a === 'string' && rule.audiences.includes(a.replace(/\/$/, ''))))
    return `${rule.what} is not for this authorization server (aud must be ${rule.audiences[0] ?? ''})`;
  if (rule.singleUse) {
    const jti = claims['jti'];
    if (typeof jti !== 'string' || jti === '') return `${rule.what} has no jti`;
    const key = `${String(claims['iss'])} ${jti}`;
    if (ctx.state.assertions.has(key)) return `${rule.what} was already used (its jti was seen)`;
    ctx.state.assertions.set(key, exp);
  }
  return { ...claims, exp };
}

/** The issuer and audience of an assertion, read without verifying it (to pick the rule it must pass). */
export function unverifiedClaims(assertion: string): Readonly<Record<string, unknown>> | undefined {
  const payload = assertion.split('.')[1];
  if (payload === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A verifier of JWTs from `issuer` signed by `keys`; a `jwks_uri` is fetched under the clients' address policy. */
export function keysVerifier(ctx: DevAuthContext, issuer: string, keys: ClientKeys, typ?: string): TokenVerifier {
  const fetchKeys = ctx.clients.fetch;
  return jwtVerifier({
    issuer,
    ...('jwks' in keys ? { jwks: keys.jwks } : { jwksUri: keys.jwksUri }),
    fetch: ((input: string | URL, init?: RequestInit) => fetchKeys(String(input), init ?? {})) as typeof fetch,
    clockToleranceSeconds: 30,
    ...(typ !== undefined && { typ }),
  });
}
