/**
 * Dynamic Client Registration (RFC 7591): the client's metadata posted to
 * the registration endpoint (with `application_type`, which 2026-07-28 asks
 * for: `native` for loopback and custom-scheme redirects, `web` otherwise),
 * the answer kept as a {@link StoredClient} for that issuer only.
 *
 * @module
 */
import { AuthorizationError } from './authorizationError.js';
import { oauthError, postJson, type AuthHttp } from './fetchJson.js';
import { isLoopbackHost } from './secureUrl.js';
import type { StoredClient } from './tokenStore.js';

/** What the client registers as. */
export interface RegistrationRequest {
  readonly endpoint: URL;
  readonly redirectUris: readonly string[];
  readonly clientName: string;
  /** The method asked for; the server may assign another (its answer wins). */
  readonly tokenEndpointAuthMethod: string;
  readonly grantTypes: readonly string[];
  readonly scope?: string | undefined;
  /** Extra RFC 7591 members (`client_uri`, `logo_uri`, `software_id`, …). */
  readonly extra?: Readonly<Record<string, unknown>> | undefined;
}

/** Registers; the registered client, or `AuthorizationError('registration_failed')`. */
export async function registerClient(http: AuthHttp, request: RegistrationRequest): Promise<StoredClient> {
  const body: Record<string, unknown> = {
    ...request.extra,
    client_name: request.clientName,
    redirect_uris: request.redirectUris,
    grant_types: request.grantTypes,
    response_types: request.grantTypes.includes('authorization_code') ? ['code'] : [],
    token_endpoint_auth_method: request.tokenEndpointAuthMethod,
    application_type: applicationType(request.redirectUris),
  };
  if (request.scope !== undefined && request.scope !== '') body['scope'] = request.scope;
  const reply = await postJson(http, request.endpoint, body);
  if (reply.status < 200 || reply.status >= 300)
    throw new AuthorizationError('registration_failed', `Registration at ${request.endpoint.href} failed: ${oauthError(reply)}`);
  const answer = reply.body ?? {};
  const clientId = answer['client_id'];
  if (typeof clientId !== 'string' || clientId === '')
    throw new AuthorizationError('registration_failed', `Registration at ${request.endpoint.href} returned no client_id`);
  const secret = answer['client_secret'];
  const method = answer['token_endpoint_auth_method'];
  const expires = answer['client_secret_expires_at'];
  const uris = answer['redirect_uris'];
  return {
    clientId,
    ...(typeof secret === 'string' ? { clientSecret: secret } : {}),
    tokenEndpointAuthMethod:
      typeof method === 'string' ? method : typeof secret === 'string' ? 'client_secret_basic' : request.tokenEndpointAuthMethod,
    redirectUris: Array.isArray(uris) ? uris.filter((u): u is string => typeof u === 'string') : request.redirectUris,
    ...(typeof expires === 'number' && expires > 0 ? { secretExpiresAt: expires * 1000 } : {}),
  };
}

/** OIDC Registration §2 `application_type`: `native` for loopback or custom-scheme redirects, else `web`. */
export function applicationType(redirectUris: readonly string[]): 'native' | 'web' {
  if (redirectUris.length === 0) return 'native';
  return redirectUris.every((uri) => {
    try {
      const url = new URL(uri);
      return (url.protocol !== 'https:' && url.protocol !== 'http:') || isLoopbackHost(url.hostname);
    } catch {
      return false;
    }
  })
    ? 'native'
    : 'web';
}

/** The method to register with: `none` when the server allows public clients, else the first secret method it lists. */
export function registrationMethod(supported: readonly string[] | undefined): string {
  if (supported === undefined || supported.includes('none')) return 'none';
  for (const method of ['client_secret_basic', 'client_secret_post']) if (supported.includes(method)) return method;
  return supported[0] ?? 'none';
}
