/**
 * How a client proves itself at the token endpoint (RFC 6749 §2.3, OIDC
 * Core §9): `none` (its id in the body), `client_secret_basic`,
 * `client_secret_post`, or `private_key_jwt` (a short-lived JWT assertion
 * signed with its key, audience the authorization server's issuer).
 *
 * @module
 */
import { AuthorizationError } from './authorizationError.js';
import { randomToken } from './base64url.js';
import { signJwt, type SigningKey } from './signingKey.js';

/** The token endpoint authentication methods. */
export type TokenEndpointAuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt';

/** A client's identity at one authorization server. */
export interface ClientIdentity {
  readonly clientId: string;
  readonly clientSecret?: string | undefined;
  readonly privateKey?: SigningKey | undefined;
  readonly method: TokenEndpointAuthMethod;
}

const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** Adds the client's authentication to a token request's body and headers. */
export async function authenticateClient(
  client: ClientIdentity,
  issuer: string,
  body: URLSearchParams,
  headers: Record<string, string>,
): Promise<void> {
  switch (client.method) {
    case 'none':
      body.set('client_id', client.clientId);
      return;
    case 'client_secret_basic': {
      // RFC 6749 §2.3.1: each part form-urlencoded before the Base64.
      const secret = requireSecret(client);
      headers['authorization'] = `Basic ${btoa(`${formEncode(client.clientId)}:${formEncode(secret)}`)}`;
      return;
    }
    case 'client_secret_post':
      body.set('client_id', client.clientId);
      body.set('client_secret', requireSecret(client));
      return;
    case 'private_key_jwt': {
      if (client.privateKey === undefined)
        throw new AuthorizationError('not_configured', `private_key_jwt needs a private key for client ${client.clientId}`);
      const now = Math.floor(Date.now() / 1000);
      const assertion = await signJwt(
        client.privateKey,
        { typ: 'JWT' },
        { iss: client.clientId, sub: client.clientId, aud: issuer, iat: now, exp: now + 300, jti: randomToken(16) },
      );
      body.set('client_id', client.clientId);
      body.set('client_assertion_type', ASSERTION_TYPE);
      body.set('client_assertion', assertion);
      return;
    }
  }
}

function requireSecret(client: ClientIdentity): string {
  if (client.clientSecret === undefined)
    throw new AuthorizationError('not_configured', `${client.method} needs a client secret for client ${client.clientId}`);
  return client.clientSecret;
}

/** `application/x-www-form-urlencoded` encoding of one value (spaces as `+`). */
function formEncode(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}

/**
 * The method for a pre-registered client: the one configured, else
 * `private_key_jwt` with a key, else with a secret the first secret method
 * the server supports (`client_secret_basic` when it lists none), else `none`.
 */
export function chooseMethod(
  configured: string | undefined,
  hasSecret: boolean,
  hasKey: boolean,
  supported: readonly string[] | undefined,
): TokenEndpointAuthMethod {
  if (configured !== undefined) {
    if (!isMethod(configured)) throw new AuthorizationError('not_configured', `Unknown token endpoint auth method ${configured}`);
    return configured;
  }
  if (hasKey) return 'private_key_jwt';
  if (!hasSecret) return 'none';
  if (supported === undefined || supported.includes('client_secret_basic')) return 'client_secret_basic';
  return supported.includes('client_secret_post') ? 'client_secret_post' : 'client_secret_basic';
}

/** True for a method this client implements. */
export function isMethod(value: string): value is TokenEndpointAuthMethod {
  return value === 'none' || value === 'client_secret_basic' || value === 'client_secret_post' || value === 'private_key_jwt';
}
