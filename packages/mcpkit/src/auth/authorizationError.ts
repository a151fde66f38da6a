/**
 * The one error every authorization failure raises: a local error (it never
 * crosses the wire) with a `reason` a program can branch on. Messages name
 * URLs, issuers and OAuth error codes, never a token, a code or a secret.
 *
 * @module
 */
import { LocalError, type LocalErrorCode } from '../jsonrpc/localError.js';

/** Why authorization failed. */
export type AuthorizationFailure =
  /** A metadata URL (or an endpoint it names) is neither https nor loopback. */
  | 'insecure_url'
  /** A URL a server handed over leads to a loopback, private, link-local or cloud metadata address the MCP server is not on. */
  | 'refused_url'
  /** No usable protected resource or authorization server metadata. */
  | 'discovery_failed'
  /** Authorization server metadata whose `issuer` is not the issuer it was fetched for. */
  | 'issuer_mismatch'
  /** Protected resource metadata whose `resource` is not the server it was fetched for. */
  | 'resource_mismatch'
  /** The authorization server does not advertise PKCE with S256. */
  | 'pkce_unsupported'
  /** The authorization response's `state` is not the one sent. */
  | 'state_mismatch'
  /** The authorization response's `iss` is missing where advertised, or not the issuer. */
  | 'iss_mismatch'
  /** The redirect did not come back to the redirect URI exactly. */
  | 'redirect_mismatch'
  /** The user or the authorization server refused (`error` in the authorization response). */
  | 'access_denied'
  /** No client identity: nothing pre-registered, no CIMD, no registration endpoint. */
  | 'no_client_identity'
  /** Dynamic client registration failed. */
  | 'registration_failed'
  /** The token endpoint refused (`invalid_grant`, `invalid_client`, …) or answered nonsense. */
  | 'token_failed'
  /** The server kept refusing after the allowed number of authorizations (step-up limit). */
  | 'retry_limit'
  /** No way to authorize: no handler for the user, no grant for a machine client. */
  | 'not_configured';

/** Authorization did not succeed; the request that needed it fails with this. */
export class AuthorizationError extends LocalError {
  /** Why. */
  readonly reason: AuthorizationFailure;

  constructor(reason: AuthorizationFailure, message: string, options?: { cause?: unknown }) {
    super(codeOf(reason), message, options);
    this.name = 'AuthorizationError';
    this.reason = reason;
  }
}

function codeOf(reason: AuthorizationFailure): LocalErrorCode {
  if (reason === 'not_configured' || reason === 'no_client_identity' || reason === 'pkce_unsupported') return 'NOT_SUPPORTED';
  if (reason === 'discovery_failed' || reason === 'retry_limit') return 'TRANSPORT_FAILED';
  return 'PROTOCOL_VIOLATION';
}
