/**
 * The user-facing half of the authorization code grant: the authorization
 * URL (PKCE S256, `state`, RFC 8707 `resource`, `scope`) and the checks on
 * where the user agent came back (the exact redirect URI, `state`, the RFC
 * 9207 `iss`, an `error`), which yield the code.
 *
 * @module
 */
import { AuthorizationError } from './authorizationError.js';
import type { Discovery } from './discovery.js';
import type { Pkce } from './pkce.js';

/** What the authorization request was built from. */
export interface AuthorizationRequestParams {
  readonly discovery: Discovery;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly state: string;
  readonly pkce: Pkce;
  readonly scopes: readonly string[];
}

/** Refuses an authorization server whose metadata does not advertise S256 (every revision since 2025-06-18 requires it). */
export function requireS256(discovery: Discovery): void {
  const metadata = discovery.metadata;
  if (metadata === undefined) return; // 2025-03-26 default endpoints: nothing to read, PKCE S256 is sent regardless
  const methods = metadata.code_challenge_methods_supported;
  if (!Array.isArray(methods) || !methods.includes('S256'))
    throw new AuthorizationError(
      'pkce_unsupported',
      `The authorization server ${discovery.issuer} does not advertise PKCE S256 (code_challenge_methods_supported): refusing to authorize`,
    );
}

/** The URL to send the user to. */
export function authorizationUrl(params: AuthorizationRequestParams): URL {
  const url = new URL(params.discovery.authorizationEndpoint);
  const query = url.searchParams;
  query.set('response_type', 'code');
  query.set('client_id', params.clientId);
  query.set('redirect_uri', params.redirectUri);
  query.set('state', params.state);
  query.set('code_challenge', params.pkce.challenge);
  query.set('code_challenge_method', params.pkce.method);
  query.set('resource', params.discovery.resource);
  if (params.scopes.length > 0) query.set('scope', params.scopes.join(' '));
  return url;
}

/** The code from the URL the authorization server redirected to, after every check. */
export function codeFromRedirect(returned: URL, params: AuthorizationRequestParams): string {
  const expected = new URL(params.redirectUri);
  if (returned.origin !== expected.origin || returned.pathname !== expected.pathname)
    throw new AuthorizationError(
      'redirect_mismatch',
      `The authorization response came back to ${returned.origin}${returned.pathname}, not to the redirect URI ${params.redirectUri}`,
    );
  const query = returned.searchParams;
  if (query.get('state') !== params.state)
    throw new AuthorizationError(
      'state_mismatch',
      'The authorization response does not carry the state that was sent: refusing it',
    );
  checkIss(query.get('iss'), params.discovery);
  const error = query.get('error');
  if (error !== null) {
    const description = query.get('error_description');
    throw new AuthorizationError(
      'access_denied',
      `The authorization server refused: ${error.slice(0, 100)}${description === null ? '' : ` (${description.slice(0, 300)})`}`,
    );
  }
  const code = query.get('code');
  if (code === null || code === '') throw new AuthorizationError('access_denied', 'The authorization response carries no code');
  return code;
}

/**
 * RFC 9207: when the server advertises `iss`, it must be there; when it is
 * there, it must be the issuer, compared as strings (no normalization).
 */
function checkIss(iss: string | null, discovery: Discovery): void {
  const advertised = discovery.metadata?.authorization_response_iss_parameter_supported === true;
  if (iss === null) {
    if (advertised)
      throw new AuthorizationError(
        'iss_mismatch',
        `The authorization server ${discovery.issuer} advertises the iss parameter but its response has none: refusing it`,
      );
    return;
  }
  const issuer = discovery.metadata?.issuer ?? discovery.issuer;
  if (iss !== issuer)
    throw new AuthorizationError(
      'iss_mismatch',
      `The authorization response was issued by ${iss.slice(0, 200)}, not by ${issuer}: refusing it`,
    );
}
