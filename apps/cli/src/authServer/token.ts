/**
 * The token endpoint: the authorization code grant (PKCE S256 checked, the
 * code single-use and bound to its client, redirect URI and resource), the
 * refresh token grant (rotated on every use, and a rotated-away token
 * presented again revokes its grant, OAuth 2.1 §4.3.1), the
 * client credentials grant (confidential clients only) and the JWT-bearer
 * grant (an ID-JAG or a workload's JWT, `jwtBearer.ts`). A request with a
 * valid DPoP proof gets a DPoP-bound token (`token_type` `DPoP`, `cnf.jkt`,
 * RFC 9449 §5), and a public client's refresh token is bound to that key.
 * The proof's `jti` is recorded only once the grant has been checked, so a
 * flood of proofs with bogus grants takes no room in the replay cache; a
 * replayed proof is still refused before anything is issued or spent.
 *
 * @module
 */
import { isConfidential, JWT_BEARER, type Client } from './clients.js';
import { authenticateClient } from './clientAuth.js';
import type { DevAuthContext } from './context.js';
import { jwtBearerGrant } from './jwtBearer.js';
import { issue } from './issue.js';
import { formOf, oauthError } from './replies.js';
import { spendProof, type TokenProof } from './tokenProof.js';
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
  const header = request.headers.get('dpop');
  let proof: TokenProof | undefined;
  if (header !== null) {
    const checked = await ctx.dpop.check({ proof: header, method: 'POST', urls: [`${ctx.issuer}/token`] });
    if (!checked.ok) return oauthError(400, 'invalid_dpop_proof', checked.reason);
    proof = checked;
  }
  if (grant === 'authorization_code') return codeGrant(ctx, client, form, proof);
  if (grant === 'refresh_token') return refreshGrant(ctx, client, form, proof);
  if (grant === 'client_credentials') return credentialsGrant(ctx, client, form, proof);
  if (grant === JWT_BEARER) return jwtBearerGrant(ctx, client, form, proof);
  return oauthError(400, 'unsupported_grant_type', `the ${grant} grant is not supported`);
}

async function codeGrant(
  ctx: DevAuthContext,
  client: Client,
  form: Map<string, string>,
  proof: TokenProof | undefined,
): Promise<Response> {
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
  const replayed = await spendProof(proof);
  if (replayed !== undefined) return replayed;
  // Another request may have spent the code while this one awaited (the narrowing above predates the awaits).
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
  if (code.used) return oauthError(400, 'invalid_grant', 'the authorization code was already used');
  code.used = true;
  const jkt = proof?.jkt;
  return (await issue(ctx, { client, grantId: code.grantId, subject: code.subject, scopes: code.scopes, resource, jkt }))
    .response;
}

async function refreshGrant(
  ctx: DevAuthContext,
  client: Client,
  form: Map<string, string>,
  proof: TokenProof | undefined,
): Promise<Response> {
  const jkt = proof?.jkt;
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
  // RFC 9449 §5: a public client's refresh token is bound to its DPoP key; a thief without the key cannot refresh.
  if (record.jkt !== undefined && record.jkt !== jkt)
    return oauthError(400, 'invalid_grant', 'the refresh token is bound to another DPoP key');
  const replayed = await spendProof(proof);
  if (replayed !== undefined) return replayed;
  // Another request may have rotated the token while this one awaited.
  if (ctx.state.refresh.get(presented) !== record) return oauthError(400, 'invalid_grant', 'the refresh token is invalid');
  ctx.state.refresh.delete(presented);
  ctx.state.rotated.set(presented, record.grantId);
  return (await issue(ctx, { client, grantId: record.grantId, subject: record.subject, scopes: asked, resource, jkt })).response;
}

async function credentialsGrant(
  ctx: DevAuthContext,
  client: Client,
  form: Map<string, string>,
  proof: TokenProof | undefined,
): Promise<Response> {
  if (!isConfidential(client))
    return oauthError(400, 'unauthorized_client', 'the client credentials grant needs a confidential client');
  const scopes = ctx.scopesOf(form.get('scope'));
  if (typeof scopes === 'string') return oauthError(400, 'invalid_scope', scopes);
  const resource = form.get('resource');
  const replayed = await spendProof(proof);
  if (replayed !== undefined) return replayed;
  const grantId = randomToken();
  const jkt = proof?.jkt;
  return (await issue(ctx, { client, grantId, subject: client.clientId, scopes, resource, refreshable: false, jkt })).response;
}
