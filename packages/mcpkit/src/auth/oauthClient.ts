/**
 * The OAuth client of MCP authorization, as an `HttpAuthorizer` for the HTTP
 * client transports: it adds the token (and a DPoP proof) to requests for its
 * server's origin only, and answers a 401 or a 403 `insufficient_scope` by
 * discovering, refreshing or authorizing (through the application's handler
 * or a machine grant), then has the request sent again. So `connect()` and
 * every call complete by themselves; an application never reconnects.
 *
 * @module
 */
import type { FetchLike } from '../http/client/fetchHttpClient.js';
import type { ChallengeReply, HttpAuthorizer } from '../http/client/authorizer.js';
import type { HttpClientRequest } from '../http/client/httpClient.js';
import { AddressRule } from './addressRule.js';
import { AuthorizationError } from './authorizationError.js';
import { challengeScopes, mainChallenge, type Challenge } from './challenge.js';
import { chooseMethod, isMethod, type ClientIdentity } from './clientAuth.js';
import { discover, type Discovery } from './discovery.js';
import { DpopProver } from './dpop.js';
import type { AuthHttp } from './fetchJson.js';
import { authorizeWithCode } from './codeGrant.js';
import type { OAuthClientOptions } from './options.js';
import { requestTokens } from './tokenEndpoint.js';
import {
  MemoryTokenStore,
  serverKey,
  underLock,
  type StoredAuthorization,
  type StoredTokens,
  type TokenStore,
} from './tokenStore.js';

/** How many authorizations one request may cause before its refusal stands (step-up loops end here). */
const MAX_AUTHORIZATIONS = 3;
/** Refresh this long before the expiry the server announced. */
const EXPIRY_MARGIN_MS = 30_000;

/** True when the access token expires within the margin (refresh it first). */
function expiring(tokens: StoredTokens): boolean {
  return tokens.expiresAt !== undefined && tokens.expiresAt - EXPIRY_MARGIN_MS <= Date.now();
}

/** Authorizes the requests of an MCP client with OAuth 2.1, per the MCP authorization spec (2025-03-26 … 2026-07-28). */
export class OAuthClient implements HttpAuthorizer {
  readonly #options: OAuthClientOptions;
  readonly #store: TokenStore;
  readonly #dpop: DpopProver | undefined;
  #server: URL | undefined;
  #tokens: StoredTokens | undefined;
  #loaded = false;
  #pending: Promise<void> | undefined;
  /** The access token each request carried (undefined: none). */
  readonly #sent = new WeakMap<HttpClientRequest, string | undefined>();
  readonly #authorizations = new WeakMap<HttpClientRequest, number>();
  /** The scopes of the last authorization: a step-up asks for them and the new ones. */
  #requested: readonly string[] = [];

  constructor(options: OAuthClientOptions = {}) {
    this.#options = options;
    this.#store = options.store ?? new MemoryTokenStore();
    this.#dpop =
      options.dpop === undefined || options.dpop === false
        ? undefined
        : new DpopProver(options.dpop === true ? undefined : options.dpop);
  }

  /** The scopes of the current token, if there is one. */
  get scopes(): readonly string[] | undefined {
    return this.#tokens?.scopes;
  }

  async headers(request: HttpClientRequest): Promise<Readonly<Record<string, string>>> {
    this.#server ??= new URL(request.url.href);
    if (this.#pending !== undefined) await this.#pending.catch(() => undefined);
    const tokens = await this.#current();
    // A token goes to the origin of the resource it was issued for, and nowhere else.
    if (tokens === undefined || new URL(tokens.resource).origin !== request.url.origin) {
      this.#sent.set(request, undefined);
      return {};
    }
    this.#sent.set(request, tokens.accessToken);
    if (tokens.tokenType === 'DPoP' && this.#dpop !== undefined)
      return {
        authorization: `DPoP ${tokens.accessToken}`,
        dpop: await this.#dpop.proof(request.method, request.url, tokens.accessToken),
      };
    return { authorization: `Bearer ${tokens.accessToken}` };
  }

  async challenge(request: HttpClientRequest, reply: ChallengeReply, _attempt: number): Promise<boolean> {
    const server = this.#server;
    if (server === undefined || request.url.origin !== server.origin) return false;
    const challenge = mainChallenge(reply.header('www-authenticate'));
    const error = challenge?.params['error'];
    if (error === 'use_dpop_nonce' && this.#dpop?.rememberNonce(request.url, reply.header('dpop-nonce')) === true) return true;
    if (reply.status === 403 && error !== 'insufficient_scope') return false;
    const sent = this.#sent.get(request);
    if (reply.status === 401 && this.#tokens !== undefined && this.#tokens.accessToken !== sent) return true; // renewed meanwhile
    if (this.#pending !== undefined) {
      await this.#pending.catch(() => undefined);
      return true;
    }
    const count = (this.#authorizations.get(request) ?? 0) + 1;
    this.#authorizations.set(request, count);
    if (count > MAX_AUTHORIZATIONS)
      throw new AuthorizationError(
        'retry_limit',
        `${server.href} still refuses after ${MAX_AUTHORIZATIONS} authorizations${error === undefined ? '' : ` (${error.slice(0, 100)})`}: giving up`,
      );
    const pending = this.#authorize(server, challenge, reply.status === 403, sent !== undefined, request.signal);
    this.#pending = pending;
    try {
      await pending;
    } finally {
      if (this.#pending === pending) this.#pending = undefined;
    }
    return true;
  }

  /** Forgets the tokens (and registrations) kept for this client's server. */
  async logout(): Promise<void> {
    this.#tokens = undefined;
    if (this.#server !== undefined) await this.#store.delete(serverKey(this.#server));
  }

  /** Authorizes now, without waiting for a 401 (what `mcpkit login` does): discovery starts from a probe's challenge. */
  async authorize(server: string | URL, challenge?: string): Promise<readonly string[]> {
    this.#server ??= new URL(server);
    await this.#authorize(this.#server, mainChallenge(challenge), false, false);
    return this.#tokens?.scopes ?? [];
  }

  /**
   * The HTTP of authorization, cancelled by the application's signal or by
   * that of the request that needed it, every URL held to the rule of the
   * server being authorized for.
   */
  #http(server: URL, signal?: AbortSignal): AuthHttp {
    const rule = new AddressRule(server);
    const fetchImpl: FetchLike =
      this.#options.guardedFetch?.(rule) ?? this.#options.fetch ?? ((input, init) => fetch(input, init));
    const own = this.#options.signal;
    return {
      rule,
      fetch: fetchImpl,
      signal: own === undefined ? signal : signal === undefined ? own : AbortSignal.any([own, signal]),
    };
  }

  /** The tokens to send, loaded once from the store, refreshed ahead of their expiry. */
  async #current(): Promise<StoredTokens | undefined> {
    if (!this.#loaded && this.#server !== undefined) {
      this.#loaded = true;
      this.#tokens = (await this.#store.get(serverKey(this.#server)))?.tokens;
    }
    const tokens = this.#tokens;
    if (tokens === undefined || !expiring(tokens)) return tokens;
    if (tokens.refreshToken === undefined || tokens.tokenEndpoint === undefined || this.#server === undefined) {
      this.#tokens = undefined;
      return undefined;
    }
    const refreshing = this.#refresh(
      this.#http(this.#server),
      this.#server,
      tokens,
      new URL(tokens.tokenEndpoint),
      undefined,
    ).then(() => undefined);
    this.#pending = refreshing;
    try {
      await refreshing;
    } finally {
      if (this.#pending === refreshing) this.#pending = undefined;
    }
    return this.#tokens;
  }

  /** One authorization: discovery, then a refresh where it can do, else the grant. */
  async #authorize(
    server: URL,
    challenge: Challenge | undefined,
    stepUp: boolean,
    hadToken: boolean,
    signal?: AbortSignal,
  ): Promise<void> {
    const http = this.#http(server, signal);
    const discovery = await discover(http, server, challenge);
    this.#options.onEvent?.({ type: 'discovered', issuer: discovery.issuer, resource: discovery.resource });
    const key = serverKey(server);
    const record: StoredAuthorization = (await this.#store.get(key)) ?? { server: key };
    const old = this.#tokens ?? record.tokens;
    // A token from another authorization server is of no use here, and is never refreshed there.
    const current = old !== undefined && old.issuer === discovery.issuer ? old : undefined;
    if (!stepUp && hadToken && current?.refreshToken !== undefined) {
      if (await this.#refresh(http, server, current, discovery.tokenEndpoint, discovery)) return;
    }
    const scopes = this.#scopesFor(challenge, discovery, stepUp, current);
    this.#requested = scopes;
    const tokens = await this.#grant(http, discovery, scopes, record);
    this.#tokens = tokens;
    this.#options.onEvent?.({ type: 'authorized', issuer: discovery.issuer, scopes: tokens.scopes });
  }

  /**
   * The scopes to ask for: the challenge's, else the PRM's `scopes_supported`,
   * else none; the application's added; on a step-up, the union with what was
   * asked before; `offline_access` where the server lists it.
   */
  #scopesFor(
    challenge: Challenge | undefined,
    discovery: Discovery,
    stepUp: boolean,
    current: StoredTokens | undefined,
  ): string[] {
    const named = challengeScopes(challenge) ?? [...(discovery.resourceMetadata?.scopes_supported ?? [])];
    const scopes = new Set(named.filter((s) => typeof s === 'string'));
    for (const s of this.#options.scopes ?? []) scopes.add(s);
    if (stepUp) for (const s of [...this.#requested, ...(current?.scopes ?? [])]) scopes.add(s);
    const grant = this.#options.grant?.type ?? 'authorization_code';
    if (
      grant === 'authorization_code' &&
      this.#options.offlineAccess !== false &&
      scopes.size > 0 &&
      discovery.metadata?.scopes_supported?.includes('offline_access') === true
    )
      scopes.add('offline_access');
    return [...scopes];
  }

  async #grant(
    http: AuthHttp,
    discovery: Discovery,
    scopes: readonly string[],
    record: StoredAuthorization,
  ): Promise<StoredTokens> {
    const grant = this.#options.grant ?? { type: 'authorization_code' };
    if (grant.type === 'authorization_code') {
      const result = await authorizeWithCode(http, this.#options, discovery, scopes, record, this.#dpop);
      await this.#save(result.record, result.tokens);
      return result.tokens;
    }
    const client = this.#preRegistered(discovery);
    if (client === undefined)
      throw new AuthorizationError('not_configured', `The ${grant.type} grant needs a client id (and its secret or key)`);
    const params: Record<string, string> =
      grant.type === 'client_credentials'
        ? { grant_type: 'client_credentials' }
        : {
            grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
            assertion: await grant.assertion({
              issuer: discovery.metadata?.issuer ?? discovery.issuer,
              tokenEndpoint: discovery.tokenEndpoint,
              resource: discovery.resource,
              scopes,
              fetch: http.fetch,
              signal: http.signal,
            }),
          };
    const tokens = await requestTokens(http, {
      tokenEndpoint: discovery.tokenEndpoint,
      issuer: discovery.metadata?.issuer ?? discovery.issuer,
      resource: discovery.resource,
      client,
      grant: params,
      scopes,
      dpop: this.#dpop,
    });
    const kept = { ...tokens, issuer: discovery.issuer, tokenEndpoint: discovery.tokenEndpoint.href, clientId: client.clientId };
    await this.#save(record, kept);
    return kept;
  }

  /** The pre-registered client, with its method chosen against what the server supports. */
  #preRegistered(discovery: Discovery | undefined): ClientIdentity | undefined {
    const client = this.#options.client;
    if (client === undefined) return undefined;
    return {
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      privateKey: client.privateKey,
      method: chooseMethod(
        client.tokenEndpointAuthMethod,
        client.clientSecret !== undefined,
        client.privateKey !== undefined,
        discovery?.metadata?.token_endpoint_auth_methods_supported,
      ),
    };
  }

  /**
   * Refreshes; false (and the tokens dropped) when the server refuses. Under
   * the store's lock, and from what the store holds now: another process may
   * have refreshed meanwhile, rotating the refresh token this client knows
   * away. Its new tokens are then used as they are (or refreshed with its
   * refresh token), and the old refresh token is never presented.
   */
  async #refresh(
    http: AuthHttp,
    server: URL,
    tokens: StoredTokens,
    tokenEndpoint: URL,
    discovery: Discovery | undefined,
  ): Promise<boolean> {
    const key = serverKey(server);
    return underLock(this.#store, key, async () => {
      const record: StoredAuthorization = (await this.#store.get(key)) ?? { server: key };
      const stored = record.tokens;
      const latest =
        stored !== undefined && stored.issuer === tokens.issuer && stored.resource === tokens.resource ? stored : tokens;
      if (latest.accessToken !== tokens.accessToken && !expiring(latest)) {
        this.#tokens = latest; // refreshed by another holder of the store
        return true;
      }
      return this.#refreshWith(http, record, latest, tokenEndpoint, discovery);
    });
  }

  async #refreshWith(
    http: AuthHttp,
    record: StoredAuthorization,
    tokens: StoredTokens,
    tokenEndpoint: URL,
    discovery: Discovery | undefined,
  ): Promise<boolean> {
    const client = this.#clientFor(tokens, record, discovery);
    if (client === undefined || tokens.refreshToken === undefined) return false;
    try {
      const fresh = await requestTokens(http, {
        tokenEndpoint,
        issuer: discovery?.metadata?.issuer ?? tokens.issuer,
        resource: tokens.resource,
        client,
        grant: { grant_type: 'refresh_token', refresh_token: tokens.refreshToken },
        scopes: [],
        dpop: this.#dpop,
      });
      const kept: StoredTokens = {
        ...fresh,
        issuer: tokens.issuer,
        scopes: fresh.scopes.length > 0 ? fresh.scopes : tokens.scopes,
        refreshToken: fresh.refreshToken ?? tokens.refreshToken,
        tokenEndpoint: tokenEndpoint.href,
        clientId: client.clientId,
      };
      this.#tokens = kept;
      await this.#save(record, kept);
      this.#options.onEvent?.({ type: 'refreshed', issuer: tokens.issuer });
      return true;
    } catch (error) {
      if (!(error instanceof AuthorizationError)) throw error;
      this.#tokens = undefined;
      await this.#save(record, undefined);
      this.#options.onEvent?.({ type: 'refresh_failed', issuer: tokens.issuer, server: record.server, reason: error.message });
      return false;
    }
  }

  /** The identity the tokens were issued to: the pre-registered client, the CIMD URL, or the registration kept for their issuer. */
  #clientFor(tokens: StoredTokens, record: StoredAuthorization, discovery: Discovery | undefined): ClientIdentity | undefined {
    const pre = this.#preRegistered(discovery);
    if (pre !== undefined && (tokens.clientId === undefined || tokens.clientId === pre.clientId)) return pre;
    if (tokens.clientId !== undefined && tokens.clientId === this.#options.clientMetadataUrl)
      return { clientId: tokens.clientId, method: 'none' };
    const registered = record.clients?.[tokens.issuer];
    if (registered === undefined || (tokens.clientId !== undefined && registered.clientId !== tokens.clientId)) return undefined;
    const method = registered.tokenEndpointAuthMethod ?? 'none';
    return {
      clientId: registered.clientId,
      clientSecret: registered.clientSecret,
      method: isMethod(method) ? method : 'none',
    };
  }

  async #save(record: StoredAuthorization, tokens: StoredTokens | undefined): Promise<void> {
    const { tokens: _old, ...rest } = record;
    await this.#store.set(record.server, tokens === undefined ? rest : { ...rest, tokens });
  }
}
