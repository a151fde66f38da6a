/**
 * The refusals of a protected server, each an `HttpError` carrying its
 * `WWW-Authenticate` challenge (RFC 6750 §3, with RFC 9728's
 * `resource_metadata` so a client finds the authorization server from any
 * refusal).
 *
 * @see 2025-11-25 `basic/authorization.mdx#error-handling`
 * @module
 */
import { JsonRpcErrorCode } from '../../../jsonrpc/errorCodes.js';
import { HttpError } from '../httpError.js';
import type { ResolvedAuth } from './authOptions.js';

/** A quoted-string of RFC 9110 (backslash-escaped quotes and backslashes; controls dropped). */
function quote(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  return `"${value.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

/** The scheme a request presented its token with: `Bearer`, or `DPoP` (RFC 9449 §7.1). */
export type TokenScheme = 'Bearer' | 'DPoP';

/** A challenge of `scheme` with its parameters, in order; undefined or empty ones are left out. */
export function schemeChallenge(scheme: TokenScheme, params: Readonly<Record<string, string | undefined>>): string {
  const parts = Object.entries(params)
    .filter((e): e is [string, string] => e[1] !== undefined && e[1] !== '')
    .map(([k, v]) => `${k}=${quote(v)}`);
  return parts.length === 0 ? scheme : `${scheme} ${parts.join(', ')}`;
}

/** A `Bearer` challenge with its parameters, in order; undefined or empty ones are left out. */
export function bearerChallenge(params: Readonly<Record<string, string | undefined>>): string {
  return schemeChallenge('Bearer', params);
}

/** The challenge of a refusal: in the scheme the token came in, a DPoP one naming the algorithms accepted. */
function challengeIn(auth: ResolvedAuth, scheme: TokenScheme, params: Readonly<Record<string, string | undefined>>): string {
  if (scheme === 'Bearer') return bearerChallenge(params);
  return schemeChallenge('DPoP', { ...params, algs: auth.dpop?.algorithms.join(' ') });
}

function refusal(status: number, message: string, challenge: string): HttpError {
  return new HttpError(status, JsonRpcErrorCode.InvalidRequest, message, { headers: { 'www-authenticate': challenge } });
}

/** 401 for a request without a token: where to find the metadata, and the scopes to ask for. */
export function missingToken(auth: ResolvedAuth): HttpError {
  return refusal(
    401,
    'Unauthorized: this server needs an OAuth access token (Authorization: Bearer)',
    bearerChallenge({ resource_metadata: auth.metadataUrl, scope: auth.requiredScopes.join(' ') }),
  );
}

/** 401 for a token that is invalid, expired, or for another audience. */
export function invalidToken(auth: ResolvedAuth, description: string, scheme: TokenScheme = 'Bearer'): HttpError {
  return refusal(
    401,
    `Unauthorized: ${description}`,
    challengeIn(auth, scheme, {
      error: 'invalid_token',
      error_description: description,
      resource_metadata: auth.metadataUrl,
      scope: auth.requiredScopes.join(' '),
    }),
  );
}

/** 400 for a malformed credential (an empty bearer token, or one in the query string). */
export function invalidRequest(auth: ResolvedAuth, description: string, scheme: TokenScheme = 'Bearer'): HttpError {
  return refusal(
    400,
    `Bad Request: ${description}`,
    challengeIn(auth, scheme, { error: 'invalid_request', error_description: description, resource_metadata: auth.metadataUrl }),
  );
}

/** 401 for a DPoP proof that is missing or fails a check (RFC 9449 §7.1). */
export function invalidDpopProof(auth: ResolvedAuth, description: string): HttpError {
  return refusal(
    401,
    `Unauthorized: ${description}`,
    challengeIn(auth, 'DPoP', {
      error: 'invalid_dpop_proof',
      error_description: description,
      resource_metadata: auth.metadataUrl,
      scope: auth.requiredScopes.join(' '),
    }),
  );
}

/**
 * 401 for a DPoP-bound token presented as a bearer token (RFC 9449 §7.2):
 * whoever holds it without the key must not be able to use it. Both
 * challenges, so the client sees which scheme it should have used.
 */
export function boundTokenAsBearer(auth: ResolvedAuth): HttpError {
  const description = 'the access token is DPoP-bound: present it with Authorization: DPoP and a DPoP proof';
  const params = { error: 'invalid_token', error_description: description, resource_metadata: auth.metadataUrl };
  return refusal(
    401,
    `Unauthorized: ${description}`,
    `${bearerChallenge(params)}, ${schemeChallenge('DPoP', { algs: auth.dpop?.algorithms.join(' ') })}`,
  );
}

/** 403 for a valid token without the scopes the request needs; `scope` lists all of them at once. */
export function insufficientScope(
  auth: ResolvedAuth,
  scope: readonly string[],
  missing: readonly string[],
  scheme: TokenScheme = 'Bearer',
): HttpError {
  const description = `this request needs the scope${missing.length === 1 ? '' : 's'} ${missing.join(' ')}`;
  return refusal(
    403,
    `Forbidden: ${description}`,
    challengeIn(auth, scheme, {
      error: 'insufficient_scope',
      scope: scope.join(' '),
      resource_metadata: auth.metadataUrl,
      error_description: description,
    }),
  );
}

/** 503 when the verifier could not decide (its key set or introspection endpoint failed). */
export function verifierUnavailable(): HttpError {
  return HttpError.unavailable('Service Unavailable: the access token could not be verified now');
}
