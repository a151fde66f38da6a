/**
 * How the resource server learns what a bearer token means: a
 * {@link TokenVerifier} turns the token into claims, or refuses it. The guard
 * then checks expiry, audience and scopes the same way for every verifier.
 *
 * @module
 */

/** What a verifier found a token to mean. */
export interface VerifiedToken {
  readonly subject?: string | undefined;
  readonly clientId?: string | undefined;
  readonly scopes?: readonly string[] | undefined;
  /** Seconds since the epoch. */
  readonly expiresAt?: number | undefined;
  readonly issuer?: string | undefined;
  /** The audiences (`aud`); the guard checks that the protected resource is one of them. */
  readonly audience?: readonly string[] | undefined;
  readonly claims?: Readonly<Record<string, unknown>> | undefined;
}

/** A verifier's verdict: the token's meaning, or why it is refused (sent to the client as `error_description`). */
export type VerifyResult = { readonly ok: true; readonly token: VerifiedToken } | { readonly ok: false; readonly reason: string };

/** What a verifier is told besides the token. */
export interface VerifyContext {
  /** The canonical URI of the protected resource (the expected audience). */
  readonly resource: string;
}

/**
 * Verifies a bearer token. Refuse with `{ ok: false, reason }`; a thrown error
 * means the verifier could not decide (its JWKS or introspection endpoint is
 * down) and becomes a 503, not a 401, so clients do not start a new
 * authorization for a fault of the server's.
 */
export type TokenVerifier = (token: string, context: VerifyContext) => Promise<VerifyResult>;

/** A refusal. */
export function refused(reason: string): VerifyResult {
  return { ok: false, reason };
}

/** Splits a space-separated `scope` claim (RFC 6749 §3.3), or takes an array of strings (`scp`). */
export function scopesOf(value: unknown): string[] {
  if (typeof value === 'string') return value.split(' ').filter((s) => s.length > 0);
  if (Array.isArray(value)) return value.filter((s): s is string => typeof s === 'string');
  return [];
}

/** The audiences of an `aud` claim (a string or an array of strings). */
export function audiencesOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return scopesOf(Array.isArray(value) ? value : undefined);
}

/** A claim, if it is a string. */
export function stringClaim(claims: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const value = claims[name];
  return typeof value === 'string' ? value : undefined;
}

/** A claim, if it is a finite number. */
export function numberClaim(claims: Readonly<Record<string, unknown>>, name: string): number | undefined {
  const value = claims[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
