/**
 * One token request (RFC 6749 §3.2): the grant's parameters, the RFC 8707
 * `resource`, the client's authentication, a DPoP proof when the client holds
 * a DPoP key (retried once with the server's nonce on `use_dpop_nonce`), and
 * the response checked and turned into {@link StoredTokens}.
 *
 * @module
 */
import { AuthorizationError } from './authorizationError.js';
import { splitScopes } from './challenge.js';
import { authenticateClient, type ClientIdentity } from './clientAuth.js';
import type { DpopProver } from './dpop.js';
import { oauthError, postJson, type AuthHttp, type JsonReply } from './fetchJson.js';
import type { StoredTokens } from './tokenStore.js';

/** A token request. */
export interface TokenRequest {
  readonly tokenEndpoint: URL;
  readonly issuer: string;
  readonly resource: string;
  readonly client: ClientIdentity;
  /** The grant's own parameters (`grant_type`, `code`, `code_verifier`, `refresh_token`, `assertion`, …). */
  readonly grant: Readonly<Record<string, string>>;
  /** The scopes asked for; also what is recorded when the response names none. */
  readonly scopes: readonly string[];
  readonly dpop: DpopProver | undefined;
}

/** Sends the request; the tokens, or an `AuthorizationError('token_failed')` naming the OAuth error. */
export async function requestTokens(http: AuthHttp, request: TokenRequest): Promise<StoredTokens> {
  let reply = await send(http, request);
  if (
    reply.status === 400 &&
    reply.body?.['error'] === 'use_dpop_nonce' &&
    request.dpop?.rememberNonce(request.tokenEndpoint, reply.headers.get('dpop-nonce')) === true
  )
    reply = await send(http, request);
  if (reply.status < 200 || reply.status >= 300)
    throw new AuthorizationError(
      'token_failed',
      `The token endpoint ${request.tokenEndpoint.href} refused the ${request.grant['grant_type'] ?? ''} grant: ${oauthError(reply)}`,
    );
  return tokensOf(reply, request);
}

async function send(http: AuthHttp, request: TokenRequest): Promise<JsonReply> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(request.grant)) body.set(name, value);
  body.set('resource', request.resource);
  if (request.scopes.length > 0 && !body.has('scope')) body.set('scope', request.scopes.join(' '));
  const headers: Record<string, string> = {};
  await authenticateClient(request.client, request.issuer, body, headers);
  if (request.dpop !== undefined) headers['dpop'] = await request.dpop.proof('POST', request.tokenEndpoint);
  return postJson(http, request.tokenEndpoint, body, headers);
}

function tokensOf(reply: JsonReply, request: TokenRequest): StoredTokens {
  const body = reply.body ?? {};
  const accessToken = body['access_token'];
  if (typeof accessToken !== 'string' || accessToken === '')
    throw new AuthorizationError('token_failed', `The token endpoint ${request.tokenEndpoint.href} returned no access_token`);
  const type = typeof body['token_type'] === 'string' ? body['token_type'] : 'Bearer';
  const tokenType = type.toLowerCase() === 'dpop' ? 'DPoP' : 'Bearer';
  if (tokenType === 'DPoP' && request.dpop === undefined)
    throw new AuthorizationError('token_failed', 'The token endpoint returned a DPoP-bound token to a client without a DPoP key');
  const expiresIn = body['expires_in'];
  const refresh = body['refresh_token'];
  const scope = body['scope'];
  return {
    accessToken,
    tokenType,
    ...(typeof refresh === 'string' && refresh !== '' ? { refreshToken: refresh } : {}),
    ...(typeof expiresIn === 'number' && expiresIn > 0 ? { expiresAt: Date.now() + expiresIn * 1000 } : {}),
    scopes: typeof scope === 'string' ? splitScopes(scope) : request.scopes,
    issuer: request.issuer,
    resource: request.resource,
  };
}
