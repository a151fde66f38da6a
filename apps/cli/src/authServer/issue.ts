/**
 * Minting tokens, for every grant of the token endpoint: a JWT (or opaque)
 * access token whose `aud` is the resource, bound to the request's DPoP key
 * when it came with a proof (`cnf.jkt`, `token_type` `DPoP`), and a refresh
 * token where the client may refresh (a public client's bound to that key,
 * RFC 9449 §5).
 *
 * @module
 */
import { isConfidential, type Client } from './clients.js';
import type { DevAuthContext } from './context.js';
import { json } from './replies.js';
import { randomToken } from './signer.js';

/** What a grant asks {@link issue} for. */
export interface IssueRequest {
  readonly client: Client;
  /** The grant the tokens descend from (revoked together). */
  readonly grantId: string;
  readonly subject: string;
  readonly scopes: readonly string[];
  readonly resource: string | undefined;
  /** Issue a refresh token (default: when the client may use the refresh token grant). */
  readonly refreshable?: boolean;
  /** The thumbprint of the DPoP key of the request: the token is bound to it. */
  readonly jkt: string | undefined;
  /** Claims to add (an ID-JAG's or a workload's provenance). */
  readonly extra?: Readonly<Record<string, unknown>>;
}

/** Mints an access token (and a refresh token where the client may refresh) and the token response. */
export async function issue(
  ctx: DevAuthContext,
  request: IssueRequest,
): Promise<{ response: Response; access: string; refresh: string | undefined }> {
  const { client, grantId, subject, scopes, resource, jkt } = request;
  const now = Math.floor(Date.now() / 1000);
  const ttl = ctx.options.accessTokenTtlSeconds;
  const claims = {
    ...request.extra,
    iss: ctx.issuer,
    sub: subject,
    ...(resource !== undefined && { aud: resource }),
    client_id: client.clientId,
    scope: scopes.join(' '),
    iat: now,
    exp: now + ttl,
    jti: randomToken().slice(0, 22),
    ...(jkt !== undefined && { cnf: { jkt } }),
  };
  const access = ctx.options.tokenFormat === 'jwt' ? await ctx.signer.sign(claims) : randomToken();
  ctx.state.access.set(access, { grantId, claims });
  let refresh: string | undefined;
  if (request.refreshable ?? client.grantTypes.includes('refresh_token')) {
    refresh = randomToken();
    const bound = isConfidential(client) ? undefined : jkt;
    ctx.state.refresh.set(refresh, { grantId, clientId: client.clientId, subject, scopes, resource, jkt: bound });
  }
  const response = json(200, {
    access_token: access,
    token_type: jkt === undefined ? 'Bearer' : 'DPoP',
    expires_in: ttl,
    ...(scopes.length > 0 && { scope: scopes.join(' ') }),
    ...(refresh !== undefined && { refresh_token: refresh }),
  });
  return { response, access, refresh };
}
