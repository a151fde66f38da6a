/**
 * The guard of a protected server, run before any MCP work: the Protected
 * Resource Metadata document, then for every MCP request the bearer token
 * (present, valid, unexpired, for this resource, with the server-wide scopes),
 * and once the body is read, the scopes of the tool, prompt or resource it
 * names.
 *
 * @see 2025-11-25 `basic/authorization.mdx#token-handling`
 * @module
 */
import type { AuthInfo } from '../../../server/authInfo.js';
import type { HttpRequestInfo } from '../exchange.js';
import type { HttpError } from '../httpError.js';
import type { ResolvedAuth } from './authOptions.js';
import { sameResource } from './canonical.js';
import { insufficientScope, invalidRequest, invalidToken, missingToken, verifierUnavailable } from './challenge.js';
import { missingScopes, ScopeTable } from './requiredScopes.js';
import type { VerifiedToken, VerifyResult } from './verifier.js';

/** The request header that carries the token (lower case, as `header()` takes names). */
const AUTHORIZATION = 'authorization';
const BEARER = /^bearer(?:[ ]+(\S*))?[ ]*$/i;

/** Checks the credentials of requests to a protected server. */
export class AuthGuard {
  readonly options: ResolvedAuth;
  readonly #table: ScopeTable;
  readonly #metadata: string;

  constructor(options: ResolvedAuth) {
    this.options = options;
    this.#table = new ScopeTable(options.scopes);
    this.#metadata = JSON.stringify({
      resource: options.resource,
      authorization_servers: options.authorizationServers,
      ...(options.scopesSupported.length > 0 && { scopes_supported: options.scopesSupported }),
      bearer_methods_supported: ['header'],
      ...(options.resourceName !== undefined && { resource_name: options.resourceName }),
      ...(options.resourceDocumentation !== undefined && { resource_documentation: options.resourceDocumentation }),
    });
  }

  /** The Protected Resource Metadata document (RFC 9728 §2), as JSON text. */
  get metadata(): string {
    return this.#metadata;
  }

  /** The caller's verified token, or the refusal (400, 401, 403 or 503). */
  async authenticate(request: HttpRequestInfo): Promise<AuthInfo | HttpError> {
    const auth = this.options;
    if (request.query('access_token') !== undefined)
      return invalidRequest(auth, 'access tokens must be sent in the Authorization header, never in the URL');
    const header = request.header(AUTHORIZATION);
    const bearer = header === undefined ? null : BEARER.exec(header.trim());
    // Another scheme (Basic, say) is not an attempt at a bearer token: a plain challenge, without an error.
    if (bearer === null) return missingToken(auth);
    const token = bearer[1];
    if (token === undefined || token === '') return invalidRequest(auth, 'the bearer token is empty');
    let result: VerifyResult;
    try {
      result = await auth.verifier(token, { resource: auth.resource });
    } catch {
      return verifierUnavailable();
    }
    if (!result.ok) return invalidToken(auth, result.reason);
    const refusal = this.#check(result.token);
    if (refusal !== undefined) return refusal;
    const info = authInfo(token, result.token);
    return this.#scopesFor(info, auth.requiredScopes) ?? info;
  }

  /** The refusal (403) if the token lacks scopes the messages of `body` need; `undefined` to go on. */
  authorize(body: unknown, auth: unknown): HttpError | undefined {
    const needed = this.#table.forBody(body);
    if (needed.length === 0 || !isInfo(auth)) return undefined;
    return this.#scopesFor(auth, [...new Set([...this.options.requiredScopes, ...needed])]);
  }

  /** Expiry and audience. */
  #check(token: VerifiedToken): HttpError | undefined {
    const auth = this.options;
    const now = Date.now() / 1000;
    if (token.expiresAt !== undefined && token.expiresAt + auth.clockToleranceSeconds <= now)
      return invalidToken(auth, 'the access token expired');
    if (auth.checkAudience && !(token.audience ?? []).some((a) => sameResource(a, auth.resource)))
      return invalidToken(auth, `the access token was not issued for this resource (${auth.resource})`);
    return undefined;
  }

  /**
   * 403 if `info` lacks any of `required`. The challenge's `scope` is the
   * union of what was granted and what is needed, so a client that simply
   * asks for the challenged scopes keeps the permissions it had (the
   * recommended approach of 2025-11-25, and what a 2026-07-28 client computes
   * itself). `offline_access` is never challenged: it is no resource
   * requirement.
   */
  #scopesFor(info: AuthInfo, required: readonly string[]): HttpError | undefined {
    const missing = missingScopes(info.scopes, required, this.options.scopeImplies);
    if (missing.length === 0) return undefined;
    const hint = [...new Set([...info.scopes, ...required])].filter((s) => s !== 'offline_access');
    return insufficientScope(this.options, hint, missing);
  }
}

/** The handlers' view of a verified token; the token itself is not enumerable, so logging `ctx.auth` cannot leak it. */
function authInfo(token: string, verified: VerifiedToken): AuthInfo {
  const info = {
    subject: verified.subject,
    clientId: verified.clientId,
    scopes: Object.freeze([...(verified.scopes ?? [])]),
    expiresAt: verified.expiresAt,
    issuer: verified.issuer,
    audience: Object.freeze([...(verified.audience ?? [])]),
    claims: Object.freeze({ ...verified.claims }),
  };
  Object.defineProperty(info, 'token', { value: token, enumerable: false });
  return Object.freeze(info) as AuthInfo;
}

function isInfo(value: unknown): value is AuthInfo {
  return typeof value === 'object' && value !== null && 'scopes' in value && Array.isArray((value as AuthInfo).scopes);
}
