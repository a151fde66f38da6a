/**
 * `mcpkit/auth`: the OAuth 2.1 client of MCP authorization, every revision
 * from 2025-03-26 to 2026-07-28, runtime-neutral (WebCrypto and `fetch`).
 * Give an `OAuthClient` to an HTTP client transport as its `auth` option and
 * it authorizes by itself when the server asks. `mcpkit/node` adds the
 * loopback redirect with a browser, and a token file per user.
 *
 * @module
 */
export { OAuthClient } from './oauthClient.js';
export type {
  AssertionContext,
  AuthEvent,
  AuthorizationHandler,
  OAuthClientOptions,
  OAuthGrant,
  PreRegisteredClient,
} from './options.js';
export { AuthorizationError, type AuthorizationFailure } from './authorizationError.js';
export { AddressRule } from './addressRule.js';
export {
  MemoryTokenStore,
  serverKey,
  type StoredAuthorization,
  type StoredClient,
  type StoredTokens,
  type TokenStore,
} from './tokenStore.js';
export type { TokenEndpointAuthMethod } from './clientAuth.js';
export {
  generateSigningKey,
  importSigningKey,
  isJwsAlgorithm,
  signJwt,
  type JwsAlgorithm,
  type SigningKey,
} from './signingKey.js';
export { enterpriseAssertion, type EnterpriseAssertionOptions } from './enterprise.js';
export { parseChallenges, type Challenge } from './challenge.js';
export type { AuthorizationServerMetadata, ProtectedResourceMetadata } from './metadata.js';
