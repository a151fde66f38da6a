/**
 * The token endpoint: the authorization code grant (PKCE S256 checked, the
 * code single-use and bound to its client, redirect URI and resource), the
 * refresh token grant (rotated on every use, and a rotated-away token
 * presented again revokes its grant, OAuth 2.1 §4.3.1) and the
 * client credentials grant (confidential clients only).
 *
 * @module
 */
import type { Client } from './clients.js';
import { authenticateClient } from './clientAuth.js';
import type { DevAuthContext } from './context.js';
import { formOf, json, oauthError } from './replies.js';
import { randomToken, s256 } from './signer.js';

const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/** POST on the token endpoint. */
export async function token(ctx: DevAuthContext, request: Request): Promise<Response> {
  if (request.method !== 'POST') return oauthError(405, 'invalid_request', 'use POST', { allow: 'POST' });
  const form = await formOf(request);
  if (typeof form === 'string') return oauthError(400, 'invalid_request', form);
  const client = await authenticateClient(ctx, request, form);
  if (client instanceof Response) return client;
  const grant = form.get('grant_type');
  if (grant === undefined) return oauthError(400, 'invalid_request', 'grant_type is missing');
  if (!client.grantTypes.includes(grant))
    return oauthError(400, 'unauthorized_client', `the client may not use the ${grant} grant`);
  if (grant === 'authorization_code') return codeGrant(ctx, client, form);
  if (grant === 'refresh_token') return refreshGrant(ctx, client, form);
  if (grant === 'client_credentials') return credentialsGrant(ctx, client, form);
  return oauthError(400, 'unsupported_grant_type', `the ${grant} grant is not supported`);
}

async function codeGrant(ctx: DevAuthContext, client: Client, form: Map<string, string>): Promise<Response> {
  const code = ctx.state.codes.get(form.get('code') ?? '');
  if (code === undefined || code.expires < Date.now() || code.client.clientId !== client.clientId)
    return oauthError(400, 'invalid_grant', 'the authorization code is invalid or expired');
  if (code.used) {
    // A replayed code: revoke everything its grant yielded (RFC 6749 §4.1.2), refreshed tokens included;
    // the JWTs among them are listed at /revoked for resource servers to refuse.
    ctx.state.revokeGrant(code.grantId);
    return oauthError(400, 'invalid_grant', 'the authorization code was already used');
  }
  if (form.get('redirect_uri') !== code.redirectUri)
    return oauthError(400, 'invalid_grant', 'redirect_uri differs from the authorization request');
  const verifier = form.get('code_verifier');
  if (verifier === undefined || !VERIFIER.test(verifier))
    return oauthError(400, 'invalid_grant', 'a valid code_verifier is required (PKCE)');
  if ((await s256(verifier)) !== code.challenge)
    return oauthError(400, 'invalid_grant', 'the code_verifier does not match the code_challenge');
  // The audience is what the user authorized: a token request may not name one the authorization did not.
  const resource = form.get('resource') ?? code.resource;
  if (resource !== code.resource) return oauthError(400, 'invalid_target', 'resource differs from the authorization request');
  code.used = true;
  return (await issue(ctx, client, code.grantId, code.subject, code.scopes, resource)).response;
}

async function refreshGrant(ctx: DevAuthContext, client: Client, form: Map<string, string>): Promise<Response> {
  const presented = form.get('refresh_token') ?? '';
  const reused = ctx.state.rotated.get(presented);
  if (reused !== undefined) {
    // A rotated-away token presented again: it leaked, or two holders raced. Revoke its grant,
    // access tokens included (their JWTs are listed at /revoked).
    ctx.state.revokeGrant(reused);
    return oauthError(400, 'invalid_grant', 'the refresh token was already used; its grant is revoked');
  }
  const record = ctx.state.refresh.get(presented);
  if (record === undefined || record.clientId !== client.clientId)
    return oauthError(400, 'invalid_grant', 'the refresh token is invalid');
  const asked = form.has('scope') ? ctx.scopesOf(form.get('scope')) : record.scopes;
  if (typeof asked === 'string') return oauthError(400, 'invalid_scope', asked);
  const wider = asked.find((s) => !record.scopes.includes(s));
  if (wider !== undefined) return oauthError(400, 'invalid_scope', `the scope ${wider} was not granted originally`);
  const resource = form.get('resource') ?? record.resource;
  if (resource !== record.resource) return oauthError(400, 'invalid_target', 'resource differs from the original grant');
  ctx.state.refresh.delete(presented);
  ctx.state.rotated.set(presented, record.grantId);
  return (await issue(ctx, client, record.grantId, record.subject, asked, resource)).response;
}

async function credentialsGrant(ctx: DevAuthContext, client: Client, form: Map<string, string>): Promise<Response> {
  if (client.secret === undefined)
    return oauthError(400, 'unauthorized_client', 'the client credentials grant needs a confidential client');
  const scopes = ctx.scopesOf(form.get('scope'));
  if (typeof scopes === 'string') return oauthError(400, 'invalid_scope', scopes);
  const resource = form.get('resource');
  return (await issue(ctx, client, randomToken(), client.clientId, scopes, resource, false)).response;
}

/** Mints an access token (and a refresh token where the client may refresh) and the token response. */
async function issue(
  ctx: DevAuthContext,
  client: Client,
  grantId: string,
  subject: string,
  scopes: readonly string[],
  resource: string | undefined,
  refreshable = client.grantTypes.includes('refresh_token'),
): Promise<{ response: Response; access: string; refresh: string | undefined }> {
  const now = Math.floor(Date.now() / 1000);
  const ttl = ctx.options.accessTokenTtlSeconds;
  const claims = {
    iss: ctx.issuer,
    sub: subject,
    ...(resource !== undefined && { aud: resource }),
    client_id: client.clientId,
    scope: scopes.join(' '),
    iat: now,
    exp: now + ttl,
    jti: randomToken().slice(0, 22),
  };
  const access = ctx.options.tokenFormat === 'jwt' ? await ctx.signer.sign(claims) : randomToken();
  ctx.state.access.set(access, { grantId, claims });
  let refresh: string | undefined;
  if (refreshable) {
    refresh = randomToken();
    ctx.state.refresh.set(refresh, { grantId, clientId: client.clientId, subject, scopes, resource });
  }
  const response = json(200, {
    access_token: access,
    token_type: 'Bearer',
    expires_in: ttl,
    ...(scopes.length > 0 && { scope: scopes.join(' ') }),
    ...(refresh !== undefined && { refresh_token: refresh }),
  });
  return { response, access, refresh };
}
