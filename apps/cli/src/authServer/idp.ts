/**
 * The local identity provider of the dev authorization server (`--idp`),
 * for trying enterprise-managed authorization without an enterprise: its
 * issuer is `<issuer>/idp`, with its own signing key and metadata. It hands
 * an ID token for the configured subject to any registered client that asks
 * (`/idp/id-token`: there is no login, as there are no users), and exchanges
 * such an ID token (RFC 8693) for an Identity Assertion JWT Authorization
 * Grant (ID-JAG) aimed at this authorization server, for the client that
 * holds the ID token, which the token endpoint then takes as a JWT-bearer
 * grant. It issues ID-JAGs for this authorization server only.
 *
 * @module
 */
import { checkAssertion } from './assertions.js';
import { authenticateClient } from './clientAuth.js';
import type { DevAuthContext } from './context.js';
import { formOf, json, oauthError } from './replies.js';
import { randomToken } from './signer.js';

const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
/** The token type of an ID-JAG (the Identity Assertion Authorization Grant draft). */
export const ID_JAG = 'urn:ietf:params:oauth:token-type:id-jag';
const ID_TOKEN = 'urn:ietf:params:oauth:token-type:id_token';

/** The identity provider's RFC 8414 metadata. */
export function idpMetadata(ctx: DevAuthContext, issuer: string): Readonly<Record<string, unknown>> {
  return {
    issuer,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    grant_types_supported: [TOKEN_EXCHANGE],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post', 'private_key_jwt'],
    // Not a standard: where a registered client gets an ID token for the one pretend user.
    mcpkit_id_token_endpoint: `${issuer}/id-token`,
    mcpkit_id_jag_audiences: [ctx.issuer],
  };
}

/**
 * What both identity provider endpoints check first: the provider is on,
 * the request is a POST form, and its client authenticates.
 */
async function idpCaller(ctx: DevAuthContext, request: Request) {
  const idp = ctx.idp;
  if (idp === undefined) return oauthError(404, 'not_found', 'the identity provider is off (see --idp)');
  if (request.method !== 'POST') return oauthError(405, 'invalid_request', 'use POST', { allow: 'POST' });
  const form = await formOf(request);
  if (typeof form === 'string') return oauthError(400, 'invalid_request', form);
  const client = await authenticateClient(ctx, request, form);
  if (client instanceof Response) return client;
  return { idp, form, client };
}

/** POST `/idp/id-token`: an ID token for the subject, its audience the calling client. */
export async function idToken(ctx: DevAuthContext, request: Request): Promise<Response> {
  const caller = await idpCaller(ctx, request);
  if (caller instanceof Response) return caller;
  const { idp, client } = caller;
  const now = Math.floor(Date.now() / 1000);
  const token = await idp.signer.sign(
    {
      iss: idp.issuer,
      sub: ctx.options.subject,
      aud: client.clientId,
      iat: now,
      exp: now + 3600,
      jti: randomToken().slice(0, 22),
    },
    'JWT',
  );
  return json(200, { id_token: token, token_type: 'N_A', expires_in: 3600 });
}

/** POST `/idp/token`: the token exchange of an ID token for an ID-JAG. */
export async function idpToken(ctx: DevAuthContext, request: Request): Promise<Response> {
  const caller = await idpCaller(ctx, request);
  if (caller instanceof Response) return caller;
  const { idp, form, client } = caller;
  if (form.get('grant_type') !== TOKEN_EXCHANGE)
    return oauthError(400, 'unsupported_grant_type', `the identity provider takes the ${TOKEN_EXCHANGE} grant only`);
  if (form.get('requested_token_type') !== ID_JAG)
    return oauthError(400, 'invalid_request', `requested_token_type must be ${ID_JAG}`);
  if (form.get('subject_token_type') !== ID_TOKEN)
    return oauthError(400, 'invalid_request', `subject_token_type must be ${ID_TOKEN}`);
  const subject = await checkAssertion(ctx, form.get('subject_token') ?? '', {
    what: 'the ID token',
    verifier: idp.verifier,
    audiences: [client.clientId],
    maxLifetimeSeconds: 3600 + 60,
    singleUse: false,
  });
  if (typeof subject === 'string') return oauthError(400, 'invalid_grant', subject);
  const audience = form.get('audience')?.replace(/\/$/, '');
  if (audience !== ctx.issuer)
    return oauthError(400, 'invalid_target', `this identity provider issues ID-JAGs for ${ctx.issuer} only`);
  const scopes = ctx.scopesOf(form.get('scope'));
  if (typeof scopes === 'string') return oauthError(400, 'invalid_scope', scopes);
  const resource = form.get('resource');
  const now = Math.floor(Date.now() / 1000);
  const grant = await idp.signer.sign(
    {
      iss: idp.issuer,
      sub: subject['sub'],
      aud: ctx.issuer,
      client_id: client.clientId,
      ...(resource !== undefined && { resource }),
      ...(scopes.length > 0 && { scope: scopes.join(' ') }),
      iat: now,
      exp: now + 300,
      jti: randomToken().slice(0, 22),
    },
    'oauth-id-jag+jwt',
  );
  return json(200, {
    access_token: grant,
    issued_token_type: ID_JAG,
    token_type: 'N_A',
    expires_in: 300,
    ...(scopes.length > 0 && { scope: scopes.join(' ') }),
  });
}
