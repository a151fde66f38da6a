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
import {
  boundTokenAsBearer,
  insufficientScope,
  invalidDpopProof,
  invalidRequest,
  invalidToken,
  missingToken,
  verifierUnavailable,
  type TokenScheme,
} from './challenge.js';
import { boundThumbprint, htuOf } from './dpopProof.js';
import { missingScopes, ScopeTable } from './requiredScopes.js';
import type { VerifiedToken, VerifyResult } from './verifier.js';

/** The request header that carries the token (lower case, as `header()` takes names). */
const AUTHORIZATION = 'authorization';
const CREDENTIALS = /^(bearer|dpop)(?:[ ]+(\S*))?[ ]*$/i;

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
      ...(options.dpop !== undefined && { dpop_signing_alg_values_supported: options.dpop.algorithms }),
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
    const credentials = header === undefined ? null : CREDENTIALS.exec(header.trim());
    const scheme: TokenScheme | undefined =
      credentials === null ? undefined : credentials[1]?.toLowerCase() === 'dpop' ? 'DPoP' : 'Bearer';
    // Another scheme (Basic, or DPoP where it is off) is not an attempt at a token we take: a plain challenge.
    if (credentials === null || scheme === undefined || (scheme === 'DPoP' && auth.dpop === undefined)) return missingToken(auth);
    const token = credentials[2];
    if (token === undefined || token === '') return invalidRequest(auth, `the ${scheme} access token is empty`, scheme);
    let result: VerifyResult;
    try {
      result = await auth.verifier(token, { resource: auth.resource });
    } catch {
      return verifierUnavailable();
    }
    if (!result.ok) return invalidToken(auth, result.reason, scheme);
    const refusal = this.#check(result.token, scheme) ?? (await this.#proof(request, token, result.token, scheme));
    if (refusal !== undefined) return refusal;
    const info = authInfo(token, result.token);
    return this.#scopesFor(info, auth.requiredScopes) ?? info;
  }

  /**
   * The sender constraint (RFC 9449 §7): a DPoP-bound token comes only with
   * the DPoP scheme and a proof by its key, made for this request and this
   * token; an unbound token only as Bearer.
   */
  async #proof(
    request: HttpRequestInfo,
    token: string,
    verified: VerifiedToken,
    scheme: TokenScheme,
  ): Promise<HttpError | undefined> {
    const auth = this.options;
    const jkt = boundThumbprint(verified.claims);
    if (scheme === 'Bearer') return jkt === undefined ? undefined : boundTokenAsBearer(auth);
    if (jkt === undefined || auth.dpop === undefined)
      return invalidToken(auth, 'the access token is not DPoP-bound: present it as Bearer', 'DPoP');
    const origin = new URL(auth.resource).origin;
    const urls = [`${origin}${request.path}`, htuOf(auth.resource) ?? auth.resource];
    const proof = await auth.dpop.verify({
      proof: request.header('dpop'),
      method: request.method,
      urls,
      accessToken: token,
      jkt,
    });
    return proof.ok ? undefined : invalidDpopProof(auth, proof.reason);
  }

  /** The refusal (403) if the token lacks scopes the messages of `body` need; `undefined` to go on. */
  authorize(body: unknown, auth: unknown): HttpError | undefined {
    const needed = this.#table.forBody(body);
    if (needed.length === 0 || !isInfo(auth)) return undefined;
    return this.#scopesFor(auth, [...new Set([...this.options.requiredScopes, ...needed])]);
  }

  /** Expiry and audience. */
  #check(token: VerifiedToken, scheme: TokenScheme): HttpError | undefined {
    const auth = this.options;
    const now = Date.now() / 1000;
    if (token.expiresAt !== undefined && token.expiresAt + auth.clockToleranceSeconds <= now)
      return invalidToken(auth, 'the access token expired', scheme);
    if (auth.checkAudience && !(token.audience ?? []).some((a) => sameResource(a, auth.resource)))
      return invalidToken(auth, `the access token was not issued for this resource (${auth.resource})`, scheme);
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
    return insufficientScope(this.options, hint, missing, boundThumbprint(info.claims) === undefined ? 'Bearer' : 'DPoP');
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
