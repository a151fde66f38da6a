/**
 * The clients the dev authorization server knows: pre-registered ones (from
 * the command line), those registered dynamically (RFC 7591), and those
 * identified by a Client ID Metadata Document URL, fetched on first use.
 *
 * @module
 */
import { addressKind, withArticle, type AddressCheck } from 'mcpkit/node';
import type { FetchLike } from 'mcpkit/http';
import { isLoopbackHost } from 'mcpkit/protocol';
import { randomToken } from './signer.js';

/** How a client authenticates at the token endpoint. */
export type TokenAuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt';

/** The JWT-bearer grant (RFC 7523 §2.1): an ID-JAG, or a workload's JWT. */
export const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** A JSON Web Key Set, as registered. */
export interface Jwks {
  readonly keys: readonly Readonly<Record<string, unknown>>[];
}

/** Where a `private_key_jwt` client's public keys are: given, or at a URL. */
export type ClientKeys = { readonly jwks: Jwks } | { readonly jwksUri: string };

/** A registered client. */
export interface Client {
  readonly clientId: string;
  /** Absent for public clients (`none`). */
  readonly secret: string | undefined;
  readonly authMethod: TokenAuthMethod;
  readonly redirectUris: readonly string[];
  readonly grantTypes: readonly string[];
  readonly name: string | undefined;
  /** The keys of a `private_key_jwt` client. */
  readonly keys?: ClientKeys | undefined;
  /** The metadata as registered (echoed by the registration response). */
  readonly metadata: Readonly<Record<string, unknown>>;
}

/** A registration request refused (RFC 7591 §3.2.2). */
export class RegistrationError {
  constructor(
    readonly error: 'invalid_redirect_uri' | 'invalid_client_metadata',
    readonly description: string,
  ) {}
}

const AUTH_METHODS: readonly string[] = ['none', 'client_secret_basic', 'client_secret_post', 'private_key_jwt'];
const GRANTS: readonly string[] = ['authorization_code', 'refresh_token', 'client_credentials', JWT_BEARER];

/** True for a client that proves itself (a secret or a key), not a public one. */
export function isConfidential(client: Client): boolean {
  return client.authMethod !== 'none';
}

/** A JWKS as registered: an object whose `keys` are public JWKs (a private member is refused: it is no place for one). */
export function jwksOf(value: unknown): Jwks | string {
  if (typeof value !== 'object' || value === null || !Array.isArray((value as { keys?: unknown }).keys))
    return 'jwks must be an object with a keys array';
  const keys = (value as { keys: unknown[] }).keys;
  if (keys.length === 0 || keys.length > 10) return 'jwks must hold 1 to 10 keys';
  for (const key of keys) {
    if (typeof key !== 'object' || key === null || typeof (key as { kty?: unknown }).kty !== 'string')
      return 'every key of jwks must be a JWK with a kty';
    if (['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'].some((m) => m in key)) return 'jwks must hold public keys only';
  }
  return { keys: keys as Record<string, unknown>[] };
}

/** The keys of a `private_key_jwt` registration: `jwks` or `jwks_uri`, exactly one. */
function keysOf(metadata: Readonly<Record<string, unknown>>, allowLoopback: boolean): ClientKeys | RegistrationError {
  const jwks = metadata['jwks'];
  const uri = metadata['jwks_uri'];
  if ((jwks === undefined) === (uri === undefined))
    return new RegistrationError('invalid_client_metadata', 'private_key_jwt needs jwks or jwks_uri (exactly one)');
  if (jwks !== undefined) {
    const checked = jwksOf(jwks);
    return typeof checked === 'string' ? new RegistrationError('invalid_client_metadata', checked) : { jwks: checked };
  }
  if (typeof uri !== 'string' || !isDocumentUrl(uri, allowLoopback))
    return new RegistrationError(
      'invalid_client_metadata',
      `jwks_uri must be an https URL${allowLoopback ? ' (or http on a loopback address)' : ''}`,
    );
  return { jwksUri: uri };
}

/** An https URL with a path; http too on loopback when allowed (local development). */
function isDocumentUrl(text: string, allowLoopback: boolean): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.pathname === '/' || url.hash !== '' || url.username !== '' || url.password !== '') return false;
  return url.protocol === 'https:' || (allowLoopback && url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

/** True for redirect URIs the spec allows: https, or http on a loopback host. Fragments never. */
export function redirectAllowed(uri: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.hash !== '' || uri.includes('#')) return false;
  if (url.protocol === 'https:') return true;
  if (url.protocol !== 'http:') return /^[a-z][a-z0-9+.-]*:$/.test(url.protocol) && url.protocol.includes('.'); // private-use schemes (RFC 8252 §7.1)
  return isLoopbackHost(url.hostname);
}

/**
 * Checks client metadata (RFC 7591 §2) and makes the client; `clientId` is
 * given for CIMD clients. `allowLoopback`: a `jwks_uri` may be http on
 * loopback (it is fetched under the same address policy as CIMD documents).
 */
export function clientFromMetadata(
  metadata: Readonly<Record<string, unknown>>,
  clientId?: string,
  allowLoopback = false,
): Client | RegistrationError {
  const redirects = metadata['redirect_uris'];
  const grantTypes = metadata['grant_types'] ?? ['authorization_code', 'refresh_token'];
  const method = metadata['token_endpoint_auth_method'] ?? (clientId === undefined ? 'client_secret_basic' : 'none');
  if (typeof method !== 'string' || !AUTH_METHODS.includes(method))
    return new RegistrationError(
      'invalid_client_metadata',
      `token_endpoint_auth_method must be one of ${AUTH_METHODS.join(', ')}`,
    );
  if (!Array.isArray(grantTypes) || !grantTypes.every((g): g is string => typeof g === 'string' && GRANTS.includes(g)))
    return new RegistrationError('invalid_client_metadata', `grant_types may only list ${GRANTS.join(', ')}`);
  const needsRedirect = grantTypes.includes('authorization_code');
  if (redirects !== undefined && (!Array.isArray(redirects) || !redirects.every((r) => typeof r === 'string')))
    return new RegistrationError('invalid_redirect_uri', 'redirect_uris must be an array of URIs');
  const uris = redirects ?? [];
  if (needsRedirect && uris.length === 0)
    return new RegistrationError('invalid_redirect_uri', 'redirect_uris is required for the authorization code grant');
  const bad = uris.find((u) => !redirectAllowed(u));
  if (bad !== undefined)
    return new RegistrationError('invalid_redirect_uri', `redirect URI ${bad} must be https, or http on a loopback address`);
  if (clientId !== undefined && method !== 'none')
    return new RegistrationError(
      'invalid_client_metadata',
      'a client identified by a metadata document must use token_endpoint_auth_method "none"',
    );
  if (grantTypes.includes('client_credentials') && method === 'none')
    return new RegistrationError('invalid_client_metadata', 'the client_credentials grant needs a confidential client');
  const keys = method === 'private_key_jwt' ? keysOf(metadata, allowLoopback) : undefined;
  if (keys instanceof RegistrationError) return keys;
  const name = metadata['client_name'];
  return {
    clientId: clientId ?? `dev-${randomToken().slice(0, 16)}`,
    secret: method === 'none' || method === 'private_key_jwt' ? undefined : randomToken(),
    authMethod: method as TokenAuthMethod,
    redirectUris: uris,
    grantTypes,
    name: typeof name === 'string' ? name : undefined,
    keys,
    metadata: { ...metadata, token_endpoint_auth_method: method, grant_types: grantTypes, redirect_uris: uris },
  };
}

/** The registry of clients. */
export class Clients {
  readonly #byId = new Map<string, Client>();
  readonly #fetching = new Map<string, Promise<Client | RegistrationError>>();
  readonly #allowInsecureCimd: boolean;
  readonly #fetch: FetchLike;
  readonly #log: (line: string) => void;

  /**
   * `fetch` reads the metadata documents: one that reaches only the addresses they may be at.
   * `log` gets why a document could not be read, which the client is not told.
   */
  constructor(options: {
    readonly allowInsecureCimd?: boolean;
    readonly fetch: FetchLike;
    readonly log: (line: string) => void;
  }) {
    this.#allowInsecureCimd = options.allowInsecureCimd ?? false;
    this.#fetch = options.fetch;
    this.#log = options.log;
  }

  /** Fetches what clients name (metadata documents, `jwks_uri`), reaching only the addresses allowed. */
  get fetch(): FetchLike {
    return this.#fetch;
  }

  /** True when documents may be at http URLs on loopback (local development). */
  get allowLoopback(): boolean {
    return this.#allowInsecureCimd;
  }

  add(client: Client): void {
    this.#byId.set(client.clientId, client);
  }

  /** The client with this id: registered, or (for an https URL) described by its metadata document. */
  async find(clientId: string): Promise<Client | RegistrationError | undefined> {
    const known = this.#byId.get(clientId);
    if (known !== undefined) return known;
    if (!this.#isMetadataUrl(clientId)) return undefined;
    let pending = this.#fetching.get(clientId);
    if (pending === undefined) {
      pending = fetchMetadataDocument(this.#fetch, clientId, this.#log);
      this.#fetching.set(clientId, pending);
      void pending.then(() => this.#fetching.delete(clientId));
    }
    const client = await pending;
    if (!(client instanceof RegistrationError)) this.#byId.set(clientId, client);
    return client;
  }

  /** An https URL with a path (CIMD §3); http too on loopback when allowed (local development). */
  #isMetadataUrl(clientId: string): boolean {
    return isDocumentUrl(clientId, this.#allowInsecureCimd);
  }
}

/**
 * Where a Client ID Metadata Document or a client's `jwks_uri` may be
 * fetched from: public addresses; loopback too in local development. Anyone who can reach the server names
 * the URL (a web page can, through the browser), so it must not become a
 * way into this machine's services or its network.
 */
export function metadataDocumentAddresses(allowLoopback: boolean): AddressCheck {
  return {
    checkAddress(url, address) {
      const kind = addressKind(address);
      if (kind === undefined || (allowLoopback && kind === 'loopback')) return;
      throw new Error(
        `${url.hostname === address || url.hostname === `[${address}]` ? address : `${url.hostname} resolves to ${address}, which`} is ${withArticle(kind)} address; client documents (metadata, jwks_uri) are fetched from public addresses only`,
      );
    },
  };
}

/**
 * Fetches and checks a Client ID Metadata Document: its `client_id` must be its own URL. Why
 * a fetch failed goes to `log` only: told to the client, it would say how this server's
 * resolver answers for any name (`intranet.corp resolves to 10.0.0.7`) or what an internal
 * host answers.
 */
async function fetchMetadataDocument(
  fetch: FetchLike,
  url: string,
  log: (line: string) => void,
): Promise<Client | RegistrationError> {
  let document: unknown;
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok)
      return new RegistrationError(
        'invalid_client_metadata',
        `the client metadata document answered HTTP ${String(response.status)}`,
      );
    const text = await response.text();
    if (text.length > 5 * 1024)
      return new RegistrationError('invalid_client_metadata', 'the client metadata document is larger than 5 KiB');
    document = JSON.parse(text);
  } catch (error) {
    log(`the client metadata document ${url} could not be read: ${error instanceof Error ? error.message : String(error)}`);
    return new RegistrationError(
      'invalid_client_metadata',
      "the client metadata document could not be read (the server's log says why)",
    );
  }
  if (typeof document !== 'object' || document === null)
    return new RegistrationError('invalid_client_metadata', 'the client metadata document is not a JSON object');
  const metadata = document as Record<string, unknown>;
  if (metadata['client_id'] !== url)
    return new RegistrationError('invalid_client_metadata', 'the client metadata document names another client_id');
  return clientFromMetadata(metadata, url);
}
