/**
 * A development OAuth 2.1 authorization server, for tests and local work:
 * RFC 8414 metadata, dynamic client registration (RFC 7591), Client ID
 * Metadata Documents, PKCE (S256 only), the authorization code grant with an
 * auto-approve mode or a consent page, refresh tokens, client credentials
 * (with a secret or a `private_key_jwt`), the JWT-bearer grant (an ID-JAG of
 * the local identity provider, or a trusted workload's JWT), DPoP-bound
 * tokens, a JWKS, introspection (RFC 7662) and the RFC 9207 `iss` parameter.
 *
 * NOT FOR PRODUCTION: everything lives in memory, there are no user
 * accounts (one configured subject), and anyone who can reach it can
 * register clients and approve requests.
 *
 * It is a fetch-API handler, `(Request) => Promise<Response>`; `mcpkit
 * auth-server` serves it on `node:http`.
 *
 * @module
 */
import type { lookup as dnsLookup } from 'node:dns';
import { DPOP_ALGORITHMS, DpopVerifier, jwtVerifier } from 'mcpkit/http';
import { guardedFetch } from 'mcpkit/node';
import { keysVerifier } from './assertions.js';
import { authorize } from './authorize.js';
import { authenticateClient } from './clientAuth.js';
import {
  clientFromMetadata,
  Clients,
  isConfidential,
  JWT_BEARER,
  metadataDocumentAddresses,
  RegistrationError,
  type Client,
  type Jwks,
} from './clients.js';
import type { DevAuthContext, DevAuthSettings, WorkloadIssuer } from './context.js';
import { idpMetadata, idpToken, idToken } from './idp.js';
import { formOf, json, oauthError } from './replies.js';
import { Signer } from './signer.js';
import { AuthState } from './state.js';
import { token } from './token.js';

/** Options of {@link createDevAuthServer}. */
export interface DevAuthServerOptions {
  /** The issuer: the server's own base URL, e.g. `http://127.0.0.1:9000` (no path, no trailing slash). */
  readonly issuer: string;
  /** Approve every valid authorization request at once (default false: a consent page). */
  readonly autoApprove?: boolean;
  /** The user every authorization is for (default `dev-user`). */
  readonly subject?: string;
  /** The scopes offered (`scopes_supported`); others are refused. Default: any scope is granted as asked. */
  readonly scopes?: readonly string[];
  /** Access token lifetime in seconds (default 3600). */
  readonly accessTokenTtlSeconds?: number;
  /** `jwt` (default) or `opaque` (introspection only). */
  readonly tokenFormat?: 'jwt' | 'opaque';
  /** Clients known from the start (a pre-registered client). */
  readonly clients?: readonly PreregisteredClient[];
  /**
   * Accept Client ID Metadata Documents over plain http on loopback, and
   * fetch them from loopback (local development; default false). Without it,
   * documents are fetched from public addresses only.
   */
  readonly allowInsecureMetadataUrls?: boolean;
  /** The resolver of document host names (tests place a name where they want). Default `dns.lookup`. */
  readonly resolve?: typeof dnsLookup;
  /** Run the local identity provider at `<issuer>/idp`, and take its ID-JAGs in the JWT-bearer grant. */
  readonly idp?: boolean;
  /** Issuers whose workload JWTs the JWT-bearer grant takes, each with its public keys. */
  readonly workloadIssuers?: readonly { readonly issuer: string; readonly jwks: Jwks }[];
  /**
   * Gets the details kept from clients, one line each: why a client's metadata document or
   * keys could not be fetched (a client hearing it would learn how this server resolves names).
   * Default: standard error.
   */
  readonly log?: (line: string) => void;
}

/** A client registered up front. */
export interface PreregisteredClient {
  readonly clientId: string;
  /** Absent: a public client (`none`). */
  readonly clientSecret?: string;
  readonly redirectUris?: readonly string[];
  /** Its public keys: the client authenticates with `private_key_jwt` (and has no secret). */
  readonly jwks?: Jwks;
  /** Default: the authorization code and refresh token grants, and for confidential clients client credentials and JWT bearer. */
  readonly grantTypes?: readonly string[];
}

/** A running dev authorization server (as a fetch handler). */
export interface DevAuthServer {
  readonly issuer: string;
  /** Serves one request. */
  readonly fetch: (request: Request) => Promise<Response>;
  /** The RFC 8414 metadata document. */
  readonly metadata: Readonly<Record<string, unknown>>;
}

/** Makes a dev authorization server. */
export async function createDevAuthServer(options: DevAuthServerOptions): Promise<DevAuthServer> {
  const issuer = options.issuer.replace(/\/$/, '');
  const settings: DevAuthSettings = {
    autoApprove: options.autoApprove ?? false,
    subject: options.subject ?? 'dev-user',
    scopes: options.scopes,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3600,
    tokenFormat: options.tokenFormat ?? 'jwt',
  };
  const allowInsecureCimd = options.allowInsecureMetadataUrls ?? false;
  const log = options.log ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const clients = new Clients({
    allowInsecureCimd,
    log,
    fetch: guardedFetch(metadataDocumentAddresses(allowInsecureCimd), {
      maxBytes: 64 * 1024,
      ...(options.resolve !== undefined && { resolve: options.resolve }),
    }),
  });
  for (const c of options.clients ?? []) clients.add(preregistered(c));
  const idpIssuer = `${issuer}/idp`;
  const workloads: WorkloadIssuer[] = [];
  const idpSigner = options.idp === true ? await Signer.create() : undefined;
  const ctx: DevAuthContext = {
    issuer,
    options: settings,
    clients,
    state: new AuthState(),
    signer: await Signer.create(),
    dpop: new DpopVerifier(),
    idp:
      idpSigner === undefined
        ? undefined
        : {
            issuer: idpIssuer,
            signer: idpSigner,
            verifier: jwtVerifier({ issuer: idpIssuer, jwks: { keys: [idpSigner.jwk] }, typ: 'JWT' }),
            idJagVerifier: jwtVerifier({ issuer: idpIssuer, jwks: { keys: [idpSigner.jwk] }, typ: 'oauth-id-jag+jwt' }),
          },
    workloads,
    log,
    scopesOf: (scope) => {
      const list = (scope ?? '').split(' ').filter((s) => s !== '');
      const unknown = settings.scopes === undefined ? undefined : list.find((s) => !settings.scopes?.includes(s));
      return unknown === undefined ? [...new Set(list)] : `the scope ${unknown} is not offered`;
    },
  };
  for (const w of options.workloadIssuers ?? [])
    workloads.push({ issuer: w.issuer, verifier: keysVerifier(ctx, w.issuer, { jwks: w.jwks }) });
  const metadata = metadataOf(issuer, settings, ctx.idp !== undefined || workloads.length > 0);
  const routes: Readonly<Record<string, (request: Request) => Promise<Response> | Response>> = {
    '/.well-known/oauth-authorization-server': () =>
      json(200, metadata, { 'access-control-allow-origin': '*', 'cache-control': 'max-age=60' }),
    '/.well-known/openid-configuration': () =>
      json(200, metadata, { 'access-control-allow-origin': '*', 'cache-control': 'max-age=60' }),
    '/jwks': () => json(200, { keys: [ctx.signer.jwk] }, { 'access-control-allow-origin': '*', 'cache-control': 'max-age=60' }),
    '/authorize': (request) => authorize(ctx, request),
    '/token': (request) => token(ctx, request),
    '/register': (request) => register(ctx, request),
    '/introspect': (request) => introspect(ctx, request),
    // Not a standard: the `jti` of every JWT revoked before its expiry, for resource servers to poll
    // (`mcpkit serve --auth-server` does). Public: a jti is no secret, and a list of them grants nothing.
    '/revoked': () =>
      json(200, { revoked: [...ctx.state.revoked.keys()] }, { 'access-control-allow-origin': '*', 'cache-control': 'no-store' }),
    ...(idpSigner !== undefined && {
      '/.well-known/oauth-authorization-server/idp': () =>
        json(200, idpMetadata(ctx, idpIssuer), { 'access-control-allow-origin': '*', 'cache-control': 'max-age=60' }),
      '/idp/jwks': () =>
        json(200, { keys: [idpSigner.jwk] }, { 'access-control-allow-origin': '*', 'cache-control': 'max-age=60' }),
      '/idp/id-token': (request: Request) => idToken(ctx, request),
      '/idp/token': (request: Request) => idpToken(ctx, request),
    }),
  };
  return {
    issuer,
    metadata,
    fetch: async (request) => {
      ctx.state.sweep(Date.now());
      const path = new URL(request.url).pathname;
      const route = Object.hasOwn(routes, path) ? routes[path] : undefined;
      if (route === undefined) return oauthError(404, 'not_found', `nothing at ${path}`);
      try {
        return await route(request);
      } catch {
        return oauthError(500, 'server_error', 'the authorization server failed');
      }
    },
  };
}

function metadataOf(issuer: string, settings: DevAuthSettings, assertions: boolean): Readonly<Record<string, unknown>> {
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    registration_endpoint: `${issuer}/register`,
    jwks_uri: `${issuer}/jwks`,
    introspection_endpoint: `${issuer}/introspect`,
    mcpkit_revocation_list: `${issuer}/revoked`,
    ...(settings.scopes !== undefined && { scopes_supported: settings.scopes }),
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials', ...(assertions ? [JWT_BEARER] : [])],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post', 'private_key_jwt'],
    token_endpoint_auth_signing_alg_values_supported: ASSERTION_ALGORITHMS,
    introspection_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'private_key_jwt'],
    dpop_signing_alg_values_supported: DPOP_ALGORITHMS,
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
  };
}

/** What `jwtVerifier` checks client assertions with (the asymmetric algorithms jose supports). */
const ASSERTION_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

function preregistered(c: PreregisteredClient): Client {
  const confidential = c.clientSecret !== undefined || c.jwks !== undefined;
  const grantTypes = c.grantTypes ?? [
    'authorization_code',
    'refresh_token',
    ...(confidential ? ['client_credentials', JWT_BEARER] : []),
  ];
  return {
    clientId: c.clientId,
    secret: c.jwks === undefined ? c.clientSecret : undefined,
    authMethod: c.jwks !== undefined ? 'private_key_jwt' : confidential ? 'client_secret_basic' : 'none',
    redirectUris: c.redirectUris ?? [],
    grantTypes,
    name: undefined,
    keys: c.jwks === undefined ? undefined : { jwks: c.jwks },
    metadata: { client_id: c.clientId, redirect_uris: c.redirectUris ?? [], grant_types: grantTypes },
  };
}

/** Dynamic client registration (RFC 7591). */
async function register(ctx: DevAuthContext, request: Request): Promise<Response> {
  if (request.method !== 'POST') return oauthError(405, 'invalid_request', 'use POST', { allow: 'POST' });
  let metadata: unknown;
  try {
    metadata = JSON.parse(await request.text());
  } catch {
    return oauthError(400, 'invalid_client_metadata', 'the body must be a JSON object');
  }
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))
    return oauthError(400, 'invalid_client_metadata', 'the body must be a JSON object');
  const client = clientFromMetadata(metadata as Record<string, unknown>, undefined, ctx.clients.allowLoopback);
  if (client instanceof RegistrationError) return oauthError(400, client.error, client.description);
  ctx.clients.add(client);
  return json(201, {
    ...client.metadata,
    client_id: client.clientId,
    client_id_issued_at: Math.floor(Date.now() / 1000),
    ...(client.secret !== undefined && { client_secret: client.secret, client_secret_expires_at: 0 }),
  });
}

/** Token introspection (RFC 7662), for confidential clients (a resource server registers as one). */
async function introspect(ctx: DevAuthContext, request: Request): Promise<Response> {
  if (request.method !== 'POST') return oauthError(405, 'invalid_request', 'use POST', { allow: 'POST' });
  const form = await formOf(request);
  if (typeof form === 'string') return oauthError(400, 'invalid_request', form);
  const caller = await authenticateClient(ctx, request, form);
  if (caller instanceof Response) return caller;
  if (!isConfidential(caller)) return oauthError(401, 'invalid_client', 'introspection is for confidential clients');
  const claims = ctx.state.access.get(form.get('token') ?? '')?.claims;
  if (claims === undefined || claims.exp * 1000 <= Date.now()) return json(200, { active: false });
  return json(200, { active: true, token_type: 'cnf' in claims ? 'DPoP' : 'Bearer', ...claims });
}
