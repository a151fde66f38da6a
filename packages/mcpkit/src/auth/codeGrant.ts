/**
 * The authorization code grant from end to end: PKCE S256 required of the
 * server, the client identity in the spec's order (pre-registered, Client ID
 * Metadata Document, a registration kept for this issuer, Dynamic Client
 * Registration), the user sent through the application's handler, the
 * response checked, the code exchanged.
 *
 * @module
 */
import { AuthorizationError } from './authorizationError.js';
import { authorizationUrl, codeFromRedirect, requireS256, type AuthorizationRequestParams } from './authorizationCode.js';
import { randomToken } from './base64url.js';
import { chooseMethod, isMethod, type ClientIdentity } from './clientAuth.js';
import type { Discovery } from './discovery.js';
import type { DpopProver } from './dpop.js';
import type { AuthHttp } from './fetchJson.js';
import type { AuthorizationHandler, OAuthClientOptions } from './options.js';
import { createPkce } from './pkce.js';
import { registerClient, registrationMethod } from './registration.js';
import { requestTokens } from './tokenEndpoint.js';
import type { StoredAuthorization, StoredClient, StoredTokens } from './tokenStore.js';

/** What the grant yields: the tokens, and the record with any new registration in it. */
export interface CodeGrantResult {
  readonly tokens: StoredTokens;
  readonly record: StoredAuthorization;
}

/** Runs the grant. */
export async function authorizeWithCode(
  http: AuthHttp,
  options: OAuthClientOptions,
  discovery: Discovery,
  scopes: readonly string[],
  record: StoredAuthorization,
  dpop: DpopProver | undefined,
): Promise<CodeGrantResult> {
  const handler = options.handler;
  if (handler === undefined)
    throw new AuthorizationError(
      'not_configured',
      `${discovery.resource} requires authorization, and no authorization handler was given to send the user to ${discovery.issuer}`,
    );
  requireS256(discovery);
  let identified: Identified;
  let params: AuthorizationRequestParams;
  let url: URL;
  try {
    identified = await identify(http, options, handler, discovery, scopes, record);
    params = {
      discovery,
      clientId: identified.client.clientId,
      redirectUri: identified.redirectUri,
      state: randomToken(24),
      pkce: await createPkce(),
      scopes,
    };
    url = authorizationUrl(params);
  } catch (error) {
    // The redirect URI may have opened a listener that only authorize() would close.
    handler.close?.();
    throw error;
  }
  const { client, redirectUri, record: updated } = identified;
  options.onEvent?.({ type: 'authorizing', url });
  const returned = await handler.authorize(url, { signal: http.signal });
  const code = codeFromRedirect(typeof returned === 'string' ? new URL(returned) : returned, params);
  const issuer = discovery.metadata?.issuer ?? discovery.issuer;
  const tokens = await requestTokens(http, {
    tokenEndpoint: discovery.tokenEndpoint,
    issuer,
    resource: discovery.resource,
    client,
    grant: { grant_type: 'authorization_code', code, code_verifier: params.pkce.verifier, redirect_uri: redirectUri },
    scopes,
    dpop,
  });
  return {
    tokens: { ...tokens, issuer: discovery.issuer, tokenEndpoint: discovery.tokenEndpoint.href, clientId: client.clientId },
    record: updated,
  };
}

interface Identified {
  readonly client: ClientIdentity;
  readonly redirectUri: string;
  readonly record: StoredAuthorization;
}

async function identify(
  http: AuthHttp,
  options: OAuthClientOptions,
  handler: AuthorizationHandler,
  discovery: Discovery,
  scopes: readonly string[],
  record: StoredAuthorization,
): Promise<Identified> {
  const supported = discovery.metadata?.token_endpoint_auth_methods_supported;
  const pre = options.client;
  if (pre !== undefined) {
    const method = chooseMethod(
      pre.tokenEndpointAuthMethod,
      pre.clientSecret !== undefined,
      pre.privateKey !== undefined,
      supported,
    );
    const client = { clientId: pre.clientId, clientSecret: pre.clientSecret, privateKey: pre.privateKey, method };
    return { client, redirectUri: await handler.redirectUri(), record };
  }
  const cimd = options.clientMetadataUrl;
  if (cimd !== undefined && discovery.metadata?.client_id_metadata_document_supported === true)
    return { client: { clientId: cimd, method: 'none' }, redirectUri: await handler.redirectUri(), record };
  // Registrations are per issuer: a new authorization server never sees another's credentials.
  const kept = usable(record.clients?.[discovery.issuer]);
  const redirectUri = await handler.redirectUri(kept?.redirectUris);
  if (kept !== undefined && kept.redirectUris?.includes(redirectUri) === true)
    return { client: identityOf(kept), redirectUri, record };
  const endpoint = discovery.registrationEndpoint;
  if (endpoint === undefined)
    throw new AuthorizationError(
      'no_client_identity',
      `The authorization server ${discovery.issuer} offers neither registration nor CIMD, and no client id was given`,
    );
  const registered = await registerClient(http, {
    endpoint,
    redirectUris: [redirectUri],
    clientName: options.clientName ?? 'mcpkit',
    tokenEndpointAuthMethod: registrationMethod(supported),
    grantTypes: ['authorization_code', 'refresh_token'],
    scope: scopes.join(' '),
    extra: options.clientMetadata,
  });
  options.onEvent?.({ type: 'registered', issuer: discovery.issuer, clientId: registered.clientId });
  const clients = { ...record.clients, [discovery.issuer]: registered };
  return { client: identityOf(registered), redirectUri, record: { ...record, clients } };
}

/** A kept registration, unless its secret has expired. */
function usable(client: StoredClient | undefined): StoredClient | undefined {
  if (client?.secretExpiresAt !== undefined && client.secretExpiresAt <= Date.now()) return undefined;
  return client;
}

function identityOf(client: StoredClient): ClientIdentity {
  const method = client.tokenEndpointAuthMethod ?? (client.clientSecret === undefined ? 'none' : 'client_secret_basic');
  return { clientId: client.clientId, clientSecret: client.clientSecret, method: isMethod(method) ? method : 'none' };
}
