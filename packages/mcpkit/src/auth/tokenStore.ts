/**
 * Where an OAuth client keeps what it learned per protected resource: the
 * client registration per authorization server (a new server never gets the
 * old one's credentials) and the tokens, with the issuer that minted them.
 * The default keeps them in memory; `mcpkit/node` has a file per user.
 *
 * @module
 */

/** A token response, kept. */
export interface StoredTokens {
  readonly accessToken: string;
  /** `Bearer` or `DPoP`. */
  readonly tokenType: string;
  readonly refreshToken?: string;
  /** When the access token expires (ms since the epoch), if the server said. */
  readonly expiresAt?: number;
  /** The scopes granted (or, when the server did not say, requested). */
  readonly scopes: readonly string[];
  /** The issuer that minted them: tokens never go to, or get refreshed at, another. */
  readonly issuer: string;
  /** The RFC 8707 resource they were asked for. */
  readonly resource: string;
  /** Where to refresh them. */
  readonly tokenEndpoint?: string;
  /** The client they were issued to. */
  readonly clientId?: string;
}

/** A client identity at one authorization server. */
export interface StoredClient {
  readonly clientId: string;
  readonly clientSecret?: string;
  /** The token endpoint authentication method registered. */
  readonly tokenEndpointAuthMethod?: string;
  /** The redirect URIs registered with it. */
  readonly redirectUris?: readonly string[];
  /** When the secret expires (ms since the epoch; RFC 7591 `client_secret_expires_at`). */
  readonly secretExpiresAt?: number;
}

/** Everything kept for one protected resource (one MCP server). */
export interface StoredAuthorization {
  /** The server URL this record is for. */
  readonly server: string;
  readonly tokens?: StoredTokens;
  /** Dynamically registered clients, by issuer. */
  readonly clients?: Readonly<Record<string, StoredClient>>;
}

/** Keeps authorizations by server URL. Implementations must keep the secrets secret (file mode 0600, a keychain, …). */
export interface TokenStore {
  get(server: string): Promise<StoredAuthorization | undefined>;
  set(server: string, value: StoredAuthorization): Promise<void>;
  delete(server: string): Promise<void>;
  /** Every server with a record. */
  list(): Promise<StoredAuthorization[]>;
  /**
   * Runs `work` alone among every user of the store (other processes too,
   * for a store shared between them): `OAuthClient` holds it around
   * read-refresh-write, so a refresh token rotated by one holder is never
   * presented by another. A store without it is used by one client at a time.
   */
  lock?<T>(server: string, work: () => Promise<T>): Promise<T>;
}

/** Runs `work` under the store's lock for `server`, if it has one. */
export function underLock<T>(store: TokenStore, server: string, work: () => Promise<T>): Promise<T> {
  return store.lock === undefined ? work() : store.lock(server, work);
}

/** A store that lives as long as the process: the default. */
export class MemoryTokenStore implements TokenStore {
  readonly #records = new Map<string, StoredAuthorization>();
  readonly #locks = new Map<string, Promise<unknown>>();

  lock<T>(server: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#locks.get(server) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    this.#locks.set(server, settled);
    void settled.then(() => {
      if (this.#locks.get(server) === settled) this.#locks.delete(server);
    });
    return next;
  }

  get(server: string): Promise<StoredAuthorization | undefined> {
    return Promise.resolve(this.#records.get(server));
  }

  set(server: string, value: StoredAuthorization): Promise<void> {
    this.#records.set(server, value);
    return Promise.resolve();
  }

  delete(server: string): Promise<void> {
    this.#records.delete(server);
    return Promise.resolve();
  }

  list(): Promise<StoredAuthorization[]> {
    return Promise.resolve([...this.#records.values()]);
  }
}

/** The key a server URL is stored under: the URL without its fragment and query. */
export function serverKey(url: string | URL): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}
