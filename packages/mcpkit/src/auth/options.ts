/**
 * What an application tells the OAuth client: how the user takes part (a
 * handler), which grant, who the client is, where tokens are kept.
 *
 * @module
 */
import type { FetchLike } from '../http/client/fetchHttpClient.js';
import type { AddressRule } from './addressRule.js';
import type { TokenEndpointAuthMethod } from './clientAuth.js';
import type { SigningKey } from './signingKey.js';
import type { TokenStore } from './tokenStore.js';

/**
 * The user's part of the authorization code flow: where the authorization
 * server sends the user back, and sending the user there. `mcpkit/node` has
 * one that listens on 127.0.0.1 and opens a browser; a web app redirects; a
 * test fetches the URL.
 */
export interface AuthorizationHandler {
  /**
   * The redirect URI to register and send. `registered` are the URIs of the
   * client registered earlier at this server, if any: returning one of them
   * saves a registration.
   */
  redirectUri(registered?: readonly string[]): string | Promise<string>;
  /** Sends the user to `url`; resolves with the URL the authorization server redirected back to (with `code`, `state`, `iss`). */
  authorize(url: URL, options: { readonly signal?: AbortSignal | undefined }): Promise<URL | string>;
  /**
   * Releases what `redirectUri()` set up (a loopback listener) when the grant
   * fails before `authorize()` is called: a refused registration, say.
   */
  close?(): void;
}

/** What a JWT-bearer grant's assertion is made for. */
export interface AssertionContext {
  /** The authorization server's issuer (the assertion's audience, or the token exchange's). */
  readonly issuer: string;
  readonly tokenEndpoint: URL;
  /** The RFC 8707 resource. */
  readonly resource: string;
  readonly scopes: readonly string[];
  readonly fetch: FetchLike;
  readonly signal?: AbortSignal | undefined;
}

/** How tokens are obtained. */
export type OAuthGrant =
  /** A user authorizes in a browser (the default): needs a {@link AuthorizationHandler}. */
  | { readonly type: 'authorization_code' }
  /** A machine client with its own credentials (the client-credentials extension). */
  | { readonly type: 'client_credentials' }
  /**
   * RFC 7523 JWT bearer: an assertion from elsewhere is exchanged for a token.
   * Workload identity federation passes the workload's JWT; enterprise-managed
   * authorization passes the ID-JAG from `enterpriseAssertion`.
   */
  | {
      readonly type: 'jwt_bearer';
      readonly assertion: (context: AssertionContext) => string | Promise<string>;
    };

/** A client registered beforehand with the authorization server. */
export interface PreRegisteredClient {
  readonly clientId: string;
  readonly clientSecret?: string;
  /** For `private_key_jwt`. */
  readonly privateKey?: SigningKey;
  /** Default: `private_key_jwt` with a key, a secret method the server supports with a secret, else `none`. */
  readonly tokenEndpointAuthMethod?: TokenEndpointAuthMethod;
}

/** Something that happened during authorization, for progress output (never a secret). */
export type AuthEvent =
  | { readonly type: 'discovered'; readonly issuer: string; readonly resource: string }
  | { readonly type: 'registered'; readonly issuer: string; readonly clientId: string }
  | { readonly type: 'authorizing'; readonly url: URL }
  | { readonly type: 'authorized'; readonly issuer: string; readonly scopes: readonly string[] }
  | { readonly type: 'refreshed'; readonly issuer: string }
  /** The refresh token was refused for good: the user has to authorize again (`server`: the protected resource's URL). */
  | { readonly type: 'refresh_failed'; readonly issuer: string; readonly server: string; readonly reason: string };

/** Options of `OAuthClient`. */
export interface OAuthClientOptions {
  /** The user's part of the authorization code grant. */
  readonly handler?: AuthorizationHandler;
  /** Default: the authorization code grant. */
  readonly grant?: OAuthGrant;
  /** A pre-registered client: used first, before CIMD and registration. */
  readonly client?: PreRegisteredClient;
  /** The URL of this client's Client ID Metadata Document, used as its `client_id` where the server supports CIMD. */
  readonly clientMetadataUrl?: string;
  /** The `client_name` to register with. Default `mcpkit`. */
  readonly clientName?: string;
  /** Extra RFC 7591 members to register with (`client_uri`, `software_id`, …). */
  readonly clientMetadata?: Readonly<Record<string, unknown>>;
  /** Scopes to ask for besides the ones the server names. */
  readonly scopes?: readonly string[];
  /** Ask for `offline_access` (a refresh token) where the server lists it. Default true for the authorization code grant. */
  readonly offlineAccess?: boolean;
  /** Where tokens and registrations are kept. Default: in memory. */
  readonly store?: TokenStore;
  /** The `fetch` for metadata, registration and tokens. Default: the global one. */
  readonly fetch?: FetchLike;
  /**
   * Makes the `fetch` of one authorization from its {@link AddressRule}, so
   * that a host name is judged by the address a connection reaches (used
   * instead of `fetch`). On Node, `guardedAuthFetch()` of `mcpkit/node`; the
   * `mcpkit` command line always uses it. Without it, URLs are judged by their
   * text only (address literals, `localhost`).
   */
  readonly guardedFetch?: (rule: AddressRule) => FetchLike;
  /** Use DPoP (RFC 9449): `true` for a fresh ES256 key, or the key to use. */
  readonly dpop?: boolean | SigningKey;
  /** Progress, for the user (no secrets in it). */
  readonly onEvent?: (event: AuthEvent) => void;
  /** Cancels an authorization in progress. */
  readonly signal?: AbortSignal;
}
