/**
 * Enterprise-managed authorization (the MCP extension, SEP-990): the user's
 * ID token from the enterprise identity provider is exchanged there (RFC
 * 8693) for an Identity Assertion JWT Authorization Grant (ID-JAG) aimed at
 * the MCP server's authorization server; that assertion is then the JWT-bearer
 * grant (RFC 7523) the `OAuthClient` presents. Use it as
 * `grant: { type: 'jwt_bearer', assertion: enterpriseAssertion({...}) }`.
 *
 * @module
 */
import { AuthorizationError } from './authorizationError.js';
import { oauthError, postJson } from './fetchJson.js';
import type { AssertionContext } from './options.js';
import { secureUrl } from './secureUrl.js';

/** Where and what to exchange. */
export interface EnterpriseAssertionOptions {
  /** The identity provider's token endpoint. */
  readonly idpTokenEndpoint: string;
  /** The user's ID token from the identity provider (or a function that gets a current one). */
  readonly idToken: string | (() => string | Promise<string>);
  /** This client's id at the identity provider, when it has one. */
  readonly idpClientId?: string;
  /** Its secret there (sent with HTTP Basic), when it has one. */
  readonly idpClientSecret?: string;
}

const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ID_JAG = 'urn:ietf:params:oauth:token-type:id-jag';
const ID_TOKEN = 'urn:ietf:params:oauth:token-type:id_token';

/** The assertion function of a JWT-bearer grant that gets an ID-JAG from the identity provider. */
export function enterpriseAssertion(options: EnterpriseAssertionOptions): (context: AssertionContext) => Promise<string> {
  return async (context) => {
    const endpoint = secureUrl(options.idpTokenEndpoint, 'The identity provider token endpoint');
    const idToken = typeof options.idToken === 'function' ? await options.idToken() : options.idToken;
    const body = new URLSearchParams({
      grant_type: TOKEN_EXCHANGE,
      requested_token_type: ID_JAG,
      subject_token: idToken,
      subject_token_type: ID_TOKEN,
      audience: context.issuer,
      resource: context.resource,
    });
    if (context.scopes.length > 0) body.set('scope', context.scopes.join(' '));
    const headers: Record<string, string> = {};
    if (options.idpClientId !== undefined) {
      if (options.idpClientSecret === undefined) body.set('client_id', options.idpClientId);
      else
        headers['authorization'] =
          `Basic ${btoa(`${encodeURIComponent(options.idpClientId)}:${encodeURIComponent(options.idpClientSecret)}`)}`;
    }
    const reply = await postJson({ fetch: context.fetch, signal: context.signal }, endpoint, body, headers);
    const assertion = reply.body?.['access_token'];
    if (reply.status < 200 || reply.status >= 300 || typeof assertion !== 'string' || assertion === '')
      throw new AuthorizationError(
        'token_failed',
        `The identity provider ${endpoint.origin} refused the token exchange: ${oauthError(reply)}`,
      );
    return assertion;
  };
}
